/**
 * Fault injection for the crash tests: outside production, `OWO_CRASH_AT=<point>[,<point>...]`
 * makes this process kill itself (SIGKILL, as a power cut or an OOM kill would) when it reaches a
 * named point of a money call, so a test can check what a retry sees afterwards. A no-op otherwise.
 */
const points = new Set(
  process.env.NODE_ENV === 'production'
    ? []
    : (process.env.OWO_CRASH_AT ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
);

export type CrashPoint =
  /** A payment's first transaction (reservation, or funding intent) has committed; the outside call is not made. */
  | 'payment.started'
  /** The outside system has answered; its outcome is not yet recorded. */
  | 'payment.called'
  /** A money call's transaction (its work and its answer) has committed; the client has no answer yet. */
  | 'idempotency.committed'
  /** A cluster job's lease is taken; its run has not started (`job.claimed:<job name>`). */
  | `job.claimed:${string}`;

export function crashPoint(point: CrashPoint): void {
  if (points.size > 0 && points.has(point)) process.kill(process.pid, 'SIGKILL');
}
