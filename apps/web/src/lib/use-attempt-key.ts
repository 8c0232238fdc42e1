import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from './idempotency';

/**
 * One Idempotency-Key per money attempt: retrying the same request (same body) reuses it, a changed
 * request or a finished one gets a fresh key.
 */
export function useAttemptKey() {
  const current = useRef<{ sig: string; key: string } | null>(null);
  const keyFor = useCallback((body: unknown) => {
    const sig = JSON.stringify(body);
    if (current.current?.sig !== sig) current.current = { sig, key: newIdempotencyKey() };
    return current.current.key;
  }, []);
  const done = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, done };
}
