import { useCallback, useRef } from 'react';

/**
 * A stable close handler for a dialog that runs a money call: while the call is in flight it does
 * nothing (the dialog cannot be dismissed mid-payment); otherwise it resets the call and closes.
 */
export function useGuardedClose(pending: boolean, reset: () => void, onClose: () => void): () => void {
  const latest = useRef({ pending, reset, onClose });
  latest.current = { pending, reset, onClose };
  return useCallback(() => {
    if (latest.current.pending) return;
    latest.current.reset();
    latest.current.onClose();
  }, []);
}
