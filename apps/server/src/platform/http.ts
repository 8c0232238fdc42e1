import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, BUSY_SQLSTATES, busy, errorEnvelope, hasSqlState } from './errors.js';

export type Envelope<T> = { status: true; message: string; data: T };

/** The success envelope. Routes return `ok(data, message)`. */
export const ok = <T>(data: T, message = 'Successful'): Envelope<T> => ({ status: true, message, data });

/**
 * Sends a body that is already JSON text (built by PostgreSQL, say) as it is: Fastify passes a
 * string with a JSON content type straight through, without the route's serializer.
 */
export function sendJsonText(reply: FastifyReply, statusCode: number, json: string): FastifyReply {
  return reply.status(statusCode).type('application/json; charset=utf-8').send(json);
}

const LOCATION_LABEL: Record<string, string> = { body: '', querystring: 'query ', params: 'path ', headers: 'header ' };

/** Turns a zod issue into a sentence a person can act on, naming the field when the message does not. */
function describeIssue(context: string, instancePath: string, message: string): { path: string; message: string } {
  const field = instancePath.replace(/^\//, '').replace(/\//g, '.');
  const last = field.split('.').pop() ?? '';
  // Our schemas' own messages read on their own; zod's defaults ("Invalid input: ...") need the field named.
  const generic = /^(invalid|too (small|big)|unrecognized|expected|required)/i.test(message);
  const named = !field || !generic || message.toLowerCase().includes(last.toLowerCase());
  const where = LOCATION_LABEL[context] ?? '';
  const label = field === 'transactionpin' ? 'transactionPin' : field === 'oldtransactionpin' ? 'oldTransactionPin' : field;
  return { path: field, message: named ? message : `${where}${label}: ${message}`.trim() };
}

/**
 * The multipart parser's (busboy's) own errors for a body that is not well-formed multipart: cut
 * short, a closing boundary that does not match, no boundary in the content type. They are plain
 * Errors with no code or status, so they are known by their messages.
 */
const MALFORMED_MULTIPART =
  /^(Unexpected end of multipart data|(Part|Preamble) terminated early due to unexpected end of multipart data|Multipart: Boundary not found|Boundary required|The needle cannot (be an empty String\/Buffer|have a length bigger than 256)\.?)$/;
export const isMalformedMultipart = (err: { message?: string; statusCode?: number; code?: string }): boolean =>
  err.statusCode === undefined && err.code === undefined && MALFORMED_MULTIPART.test(err.message ?? '');

type DbErrorFields = { code?: unknown; severity?: unknown; message?: unknown; table?: unknown; column?: unknown; constraint?: unknown };
const isDriverError = (e: unknown): e is Error & DbErrorFields =>
  e instanceof Error && typeof (e as DbErrorFields).code === 'string' && typeof (e as DbErrorFields).severity === 'string';
/** PostgreSQL puts offending values in double quotes (`invalid input syntax for type integer: "..."`): mask them all. */
const maskQuoted = (message: string) => message.replace(/"[\s\S]*"/, '"[REDACTED]"');
/** A stack's frames without its first lines, which repeat the message. */
const framesOf = (stack: string | undefined) => {
  const at = stack?.indexOf('\n    at ') ?? -1;
  return at >= 0 ? stack!.slice(at + 1) : undefined;
};

/**
 * What may be logged of a database error: the query text, and the driver error's code, severity,
 * message (quoted values masked) and the table, column and constraint it names. Never the query's
 * parameter values (drizzle's message and stack carry them: `Failed query: ...\nparams: ...`) nor
 * PostgreSQL's `detail` (`Key (email)=(...) already exists`), `where` or `hint`, which can hold the
 * values too. Null when `err` is not a database error.
 */
export function safeDbError(err: unknown): Record<string, unknown> | null {
  let query: string | undefined;
  let driver: (Error & DbErrorFields) | undefined;
  let e: unknown = err;
  for (let depth = 0; e && depth < 5 && !driver; depth++, e = (e as { cause?: unknown }).cause) {
    if (e instanceof DrizzleQueryError) query ??= e.query;
    else if (isDriverError(e)) driver = e;
  }
  if (query === undefined && !driver) return null;
  const top = err as Error;
  return {
    type: err instanceof DrizzleQueryError ? 'DrizzleQueryError' : top.name,
    message: query !== undefined ? 'Failed query' : maskQuoted(String(driver?.message ?? '')),
    ...(query !== undefined ? { query } : {}),
    ...(driver
      ? {
          cause: {
            type: driver.name,
            code: driver.code,
            severity: driver.severity,
            message: maskQuoted(String(driver.message)),
            ...(typeof driver.table === 'string' ? { table: driver.table } : {}),
            ...(typeof driver.column === 'string' ? { column: driver.column } : {}),
            ...(typeof driver.constraint === 'string' ? { constraint: driver.constraint } : {}),
          },
        }
      : {}),
    stack: framesOf(top.stack),
  };
}

const INTERNAL = { status: false, message: 'Something went wrong on our side', code: 'INTERNAL' } as const;

/**
 * Fastify's `frameworkErrors` option: errors raised before any route runs (a path whose %-escapes
 * are not valid UTF-8, such as a lone surrogate's `%ED%A0%80`) answered in the error envelope.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (err, _req: FastifyRequest, reply: FastifyReply) => {
  const status = err.statusCode ?? 500;
  void reply.status(err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 400 : status >= 500 ? 500 : status).send(
    err.code === 'FST_ERR_BAD_URL'
      ? {
          status: false,
          message: 'The address holds a character that is not allowed (a %-escape that is not valid UTF-8)',
          code: 'INVALID_CHARACTERS',
        }
      : err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? { status: false, message: 'A part of the address is too long', code: 'BAD_REQUEST' }
        : status >= 500
          ? INTERNAL
          : { status: false, message: err.message, code: err.code ?? 'BAD_REQUEST' },
  );
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply: FastifyReply) => {
    if (err instanceof AppError) return reply.status(err.statusCode).send(errorEnvelope(err));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const context = (err as { validationContext?: string }).validationContext ?? 'body';
      const errors = err.validation.map((v) => describeIssue(context, v.instancePath, v.message ?? 'is invalid'));
      return reply.status(400).send({ status: false, message: errors[0]?.message ?? 'Invalid request', code: 'VALIDATION_FAILED', errors });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err: { message: err.message, issues: err.cause.issues } }, 'response did not match its schema');
      return reply.status(500).send({ status: false, message: 'Something went wrong on our side', code: 'INTERNAL' });
    }
    if (isMalformedMultipart(err)) {
      return reply.status(400).send({
        status: false,
        message: 'The upload is not well-formed multipart/form-data: it is cut short or its boundary does not match',
        code: 'MALFORMED_MULTIPART',
      });
    }
    if (hasSqlState(err, BUSY_SQLSTATES)) {
      // A statement that lost a race outside a transaction (or a lock not available at once): the
      // client may send it again, as with a transaction that lost its race on every attempt.
      req.log.warn({ dbError: safeDbError(err) }, 'a statement lost a race with another change');
      return reply.status(409).send(errorEnvelope(busy()));
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      // Database errors are logged without the query's values (a hash or token could be one).
      // (Logged under `dbError`, not `err`: pino's error serializer would fold the parts together again.)
      const dbError = safeDbError(err);
      if (dbError) req.log.error({ dbError }, 'unhandled database error');
      else req.log.error({ err }, 'unhandled error');
      return reply.status(500).send(INTERNAL);
    }
    // Fastify's own 4xx: malformed JSON, body too large, unsupported media type...
    const message =
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'The request body is empty'
        : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError'
          ? 'The request body is not valid JSON'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE'
            ? 'The request is too large'
            : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type'
              : err.message;
    return reply.status(status).send({ status: false, message, code: err.code ?? 'BAD_REQUEST' });
  });
}

/**
 * Unknown paths: API paths get the 404 envelope; with the web app served, any other GET gets
 * index.html so client-side routes load directly.
 */
export function registerNotFound(app: FastifyInstance, serveIndex: boolean, consoleDist: string | null = null): void {
  app.setNotFoundHandler((req, reply) => {
    // The operator console's own pages (/console/...) open its index, never the customer app's.
    if (consoleDist && req.method === 'GET' && /^\/console(\/|\?|$)/.test(req.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', consoleDist);
    }
    if (serveIndex && req.method === 'GET' && !req.url.startsWith('/api/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ status: false, message: `No route for ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}
