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
