import { Link } from 'react-router';
import { errorMessage } from '../api/client';
import { errorCode } from '../lib/errors';
import { FormAlert } from './FormAlert';

/** Refusals by the KYC rules (docs/kyc.md): the limits screen says how to lift them. */
const KYC_CODES = new Set(['KYC_LIMIT', 'KYC_RESTRICTED', 'DEVICE_LIMIT']);

/** Inline error for money actions; offers the PIN screen when no PIN is set yet, the limits screen when a limit stops it. */
export function MoneyError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <FormAlert message={errorMessage(error)}>
      {errorCode(error) === 'PIN_NOT_SET' ? (
        <Link to="/account/pin" className="mt-1 inline-block font-semibold underline underline-offset-2">
          Set your transaction PIN
        </Link>
      ) : KYC_CODES.has(errorCode(error) ?? '') ? (
        <Link to="/account/limits" className="mt-1 inline-block font-semibold underline underline-offset-2">
          See your limits and raise them
        </Link>
      ) : null}
    </FormAlert>
  );
}
