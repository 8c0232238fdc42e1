import { ApiError } from '../../api/client';
import { errorToaster } from '../../lib/errors';

/** Spec section 8: loan and loan-type failures show the server's description (else its message). */
export function loanErrorText(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiError) return err.description || err.message || fallback;
  return fallback;
}

export const toastLoanError = errorToaster((err) => loanErrorText(err));
