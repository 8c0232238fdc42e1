import { Link } from 'react-router';
import { toast } from 'sonner';
import { ApiError, NO_TOKEN_CODE, errorMessage } from '../../api/client';
import { FormAlert } from '../account/FormAlert';

/** Toasts the server's message (the no-token case already raised its own toast). */
export function toastError(err: unknown): void {
  if (err instanceof ApiError && err.code === NO_TOKEN_CODE) return;
  toast.error(errorMessage(err));
}

export const errorCode = (err: unknown): string | null => (err instanceof ApiError ? err.code : null);

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
