/** One error family; `http.ts` maps it to a status and the error envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly description?: string,
    readonly errors?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** An AppError as the reply body: `{status: false, message, code, description?, errors?}`. */
export const errorEnvelope = (err: AppError) => ({
  status: false as const,
  message: err.message,
  code: err.code,
  ...(err.description ? { description: err.description } : {}),
  ...(err.errors ? { errors: err.errors } : {}),
});

export const badRequest = (message: string, code = 'BAD_REQUEST', errors?: { path: string; message: string }[]) =>
  new AppError(400, code, message, undefined, errors);
export const unauthorized = (message = 'Authorization failed, no token!', code = 'UNAUTHORIZED') => new AppError(401, code, message);
export const forbidden = (message = 'You are not allowed to do this', code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const unprocessable = (message: string, code = 'UNPROCESSABLE', description?: string) =>
  new AppError(422, code, message, description);
export const tooMany = (message: string, code = 'TOO_MANY_REQUESTS') => new AppError(429, code, message);

/**
 * SQLSTATEs of a statement that lost a race with another transaction: deadlock_detected (40P01)
 * and serialization_failure (40001). The whole transaction may be run again from the start.
 */
export const LOST_RACE_SQLSTATES: readonly string[] = ['40P01', '40001'];
/** The lost races, and lock_not_available (55P03: NOWAIT or lock_timeout): answered 409 `BUSY_RETRY`, never 500. */
export const BUSY_SQLSTATES: readonly string[] = [...LOST_RACE_SQLSTATES, '55P03'];

/** True when `err` (or its cause, as drizzle wraps driver errors) is a database error with one of these SQLSTATEs. */
export function hasSqlState(err: unknown, states: readonly string[]): boolean {
  let e = err;
  for (let depth = 0; depth < 8 && typeof e === 'object' && e !== null; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && states.includes(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The answer when a change keeps colliding with another one on the same rows: the client may simply send it again. */
export const busy = () => new AppError(409, 'BUSY_RETRY', 'Someone else was changing this at the same time; please try again');
