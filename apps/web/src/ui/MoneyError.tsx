import { Link } from 'react-router';
import { errorMessage } from '../api/client';
import { errorCode } from '../lib/errors';
import { FormAlert } from './FormAlert';

/** Inline error for money actions; offers the PIN screen when no PIN is set yet. */
export function MoneyError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <FormAlert message={errorMessage(error)}>
      {errorCode(error) === 'PIN_NOT_SET' ? (
        <Link to="/account/pin" className="mt-1 inline-block font-semibold underline underline-offset-2">
          Set your transaction PIN
        </Link>
      ) : null}
    </FormAlert>
  );
}
