import { toast } from './toast';
import { ApiError, NO_TOKEN_CODE, errorMessage } from '../api/client';

export const errorCode = (err: unknown): string | null => (err instanceof ApiError ? err.code : null);

/**
 * A handler that toasts a failure in the words `describe` picks. A call refused for want of a token
 * already raised its own toast.
 */
export const errorToaster =
  (describe: (err: unknown) => string) =>
  (err: unknown): void => {
    if (errorCode(err) === NO_TOKEN_CODE) return;
    toast.error(describe(err));
  };

/** Toasts the server's message. */
export const toastError = errorToaster((err) => errorMessage(err));
