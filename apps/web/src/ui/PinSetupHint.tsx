import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { errorCode } from '../lib/errors';

/**
 * Failures are shown as toasts (spec section 8); the only thing added inline is the way out when the
 * user has no transaction PIN yet.
 */
export function PinSetupHint({ error }: { error: unknown }) {
  if (errorCode(error) !== 'PIN_NOT_SET') return null;
  return (
    <p role="note" className="flex items-center gap-3 rounded-2xl bg-accent-400/15 p-4 text-sm">
      <ShieldAlert className="size-5 shrink-0" aria-hidden="true" />
      <span>
        You need a transaction PIN first.{' '}
        <Link to="/account/pin" className="font-semibold text-brand-fg underline underline-offset-2">
          Set your PIN
        </Link>
      </span>
    </p>
  );
}
