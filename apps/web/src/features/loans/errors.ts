import { toast } from 'sonner';
import { ApiError, NO_TOKEN_CODE } from '../../api/client';

/** Spec section 8: loan and loan-type failures show the server's description (else its message). */
export function loanErrorText(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiError) return err.description || err.message || fallback;
  return fallback;
}

export function toastLoanError(err: unknown): void {
  if (err instanceof ApiError && err.code === NO_TOKEN_CODE) return;
  toast.error(loanErrorText(err));
}
