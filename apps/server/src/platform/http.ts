import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply: FastifyReply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({
        status: false,
        message: err.message,
        code: err.code,
        ...(err.description ? { description: err.description } : {}),
        ...(err.errors ? { errors: err.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const context = (err as { validationContext?: string }).validationContext ?? 'body';
      const errors = err.validation.map((v) => describeIssue(context, v.instancePath, v.message ?? 'is invalid'));
      return reply.status(400).send({ status: false, message: errors[0]?.message ?? 'Invalid request', code: 'VALIDATION_FAILED', errors });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err: { message: err.message, issues: err.cause.issues } }, 'response did not match its schema');
      return reply.status(500).send({ status: false, message: 'Something went wrong on our side', code: 'INTERNAL' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ status: false, message: 'Something went wrong on our side', code: 'INTERNAL' });
    }
    // Fastify's own 4xx: malformed JSON, body too large, unsupported media type...
    const message =
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The request body is empty'
      : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError' ? 'The request body is not valid JSON'
      : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE' ? 'The request is too large'
      : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type'
      : err.message;
    return reply.status(status).send({ status: false, message, code: err.code ?? 'BAD_REQUEST' });
  });

}

/**
 * Unknown paths: API paths get the 404 envelope; with the web app served, any other GET gets
 * index.html so client-side routes load directly.
 */
export function registerNotFound(app: FastifyInstance, serveIndex: boolean): void {
  app.setNotFoundHandler((req, reply) => {
    if (serveIndex && req.method === 'GET' && !req.url.startsWith('/api/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ status: false, message: `No route for ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}
