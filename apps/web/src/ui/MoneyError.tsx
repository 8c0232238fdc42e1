import { Link } from 'react-router';
import { errorMessage } from '../api/client';
import { errorCode } from '../lib/errors';
import { FormAlert } from './FormAlert';

/** Refusals by the KYC rules (docs/kyc.md): the limits screen says how to lift them. */
const KYC_CODES = new Set(['KYC_LIMIT', 'KYC_RESTRICTED', 'DEVICE_LIMIT']);

/** Where a refusal's tier is raised: BVN (and NIN) below Tier 2, the Tier 3 documents at Tier 2; none at Tier 3. */
function verifyLink(error: unknown): { to: string; label: string } | null {
  const code = errorCode(error);
  if (code === 'KYC_RESTRICTED') return { to: '/account/limits/bvn', label: 'Verify your BVN' };
  if (code !== 'KYC_LIMIT') return null;
  const tier = /Tier (\d)/.exec(errorMessage(error))?.[1];
  if (tier === '1') return { to: '/account/limits/bvn', label: 'Verify your BVN' };
  if (tier === '2') return { to: '/account/limits/tier3', label: 'Upgrade to Tier 3' };
  return null;
}

/**
 * Inline error for money actions (shown here once: the callers do not toast it too); offers the PIN
 * screen when no PIN is set yet, and the limits screen (Account › Limits and verification) and the
 * verification that raises the limit when a KYC rule stops it.
 */
export function MoneyError({ error }: { error: unknown }) {
  if (!error) return null;
  const verify = verifyLink(error);
  return (
    <FormAlert message={errorMessage(error)}>
      {errorCode(error) === 'PIN_NOT_SET' ? (
        <Link to="/account/pin" className="mt-1 inline-block font-semibold underline underline-offset-2">
          Set your transaction PIN
        </Link>
      ) : KYC_CODES.has(errorCode(error) ?? '') ? (
        <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          <Link to="/account/limits" className="font-semibold underline underline-offset-2">
            See your limits and raise them
          </Link>
          {verify ? (
            <Link to={verify.to} className="font-semibold underline underline-offset-2">
              {verify.label}
            </Link>
          ) : null}
        </span>
      ) : null}
    </FormAlert>
  );
}
