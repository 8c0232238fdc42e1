import { useCallback, useRef, useState } from 'react';
import { errorCode } from './errors';
import { newIdempotencyKey } from './idempotency';

/**
 * The PIN step of a money dialog: the PIN as typed, and one Idempotency-Key per attempt, kept while
 * the same attempt is retried (a wrong PIN, a lost connection) so the money can never move twice.
 */
export function usePinAttempt() {
  const [pin, setPin] = useState('');
  const key = useRef('');
  /** A new attempt: a fresh key and an empty PIN. */
  const begin = useCallback(() => {
    key.current = newIdempotencyKey();
    setPin('');
  }, []);
  /** After a failure: a wrong PIN is cleared to be typed again. Returns whether it was one. */
  const failed = useCallback((err: unknown) => {
    const wrong = errorCode(err) === 'PIN_INCORRECT';
    if (wrong) setPin('');
    return wrong;
  }, []);
  const idempotencyKey = useCallback(() => key.current, []);
  return { pin, setPin, begin, failed, idempotencyKey };
}
