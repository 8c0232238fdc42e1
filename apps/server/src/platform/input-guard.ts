import { FORBIDDEN_CHARACTERS } from '@owo/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

// FORBIDDEN_CHARACTERS: NUL (PostgreSQL text cannot store it) and a lone UTF-16 surrogate (not
// valid Unicode; PostgreSQL refuses it as invalid UTF-8). One regex test per string.

const LOCATION: Record<'body' | 'query' | 'params', string> = { body: '', query: 'query ', params: 'path ' };

/**
 * True for `{}`-style objects (JSON bodies, parsed query strings, params), not Buffers, streams or
 * class instances. The query parser's objects have a prototype whose own prototype is null.
 */
function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * The dotted path (`items.0.name`; '' for the value itself) of the first string in `root`, or of
 * an object key, holding a forbidden character; null when there is none. Walks plain objects and
 * arrays with an explicit stack (a deeply nested JSON body cannot overflow the call stack) and
 * leaves anything else (Buffers, numbers, ...) alone.
 */
export function findForbiddenString(root: unknown): string | null {
  if (typeof root === 'string') return FORBIDDEN_CHARACTERS.test(root) ? '' : null;
  if (root === null || typeof root !== 'object') return null;
  const values: unknown[] = [root];
  const paths: string[] = [''];
  while (values.length > 0) {
    const value = values.pop() as object;
    const path = paths.pop() as string;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (typeof item === 'string') {
          if (FORBIDDEN_CHARACTERS.test(item)) return join(path, i);
        } else if (item !== null && typeof item === 'object') {
          values.push(item);
          paths.push(join(path, i));
        }
      }
    } else if (isPlainObject(value)) {
      for (const key in value) {
        if (FORBIDDEN_CHARACTERS.test(key)) return path || 'a field name';
        const item = value[key];
        if (typeof item === 'string') {
          if (FORBIDDEN_CHARACTERS.test(item)) return join(path, key);
        } else if (item !== null && typeof item === 'object') {
          values.push(item);
          paths.push(join(path, key));
        }
      }
    }
  }
  return null;
}

/**
 * Throws the 400 `INVALID_CHARACTERS` naming the field when `value` holds a forbidden character.
 * HTTP requests reach it through `guardRequest`; the chat socket's events call it on their payload
 * (as a body), so both refuse the same input with the same message and code.
 */
export function guardValue(where: keyof typeof LOCATION, value: unknown): void {
  const found = findForbiddenString(value);
  if (found === null) return;
  // The wildcard param (`/files/*`) is the path itself; a query or path field is named as such.
  const field = found === '*' ? 'path' : found || where;
  const label = found === '*' || !found ? field : `${LOCATION[where]}${field}`;
  const message = `${label} contains a character that is not allowed`;
  throw badRequest(message, 'INVALID_CHARACTERS', [{ path: field, message }]);
}

/** Checks a request's body (when parsed to objects, arrays or text), query and path parameters. */
export function guardRequest(req: FastifyRequest): void {
  guardValue('params', req.params);
  guardValue('query', req.query);
  const body = req.body;
  if (typeof body === 'string' || (body !== null && typeof body === 'object' && (Array.isArray(body) || isPlainObject(body)))) {
    guardValue('body', body);
  }
}

/**
 * One rule at the edge for every string a request carries: a NUL or a lone UTF-16 surrogate
 * anywhere in the body (nested too), query or path parameters is a 400 `INVALID_CHARACTERS`
 * naming the field, before validation or any handler runs, so nothing is written. Runs at
 * preValidation: after the body is parsed and after the routes' onRequest auth. Bodies a route
 * reads itself (Buffers, such as the signed bank-transfer webhook's) are left to that route.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (req, _reply, done) => {
    try {
      guardRequest(req);
    } catch (err) {
      done(err as Error);
      return;
    }
    done();
  });
}
