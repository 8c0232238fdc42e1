import { z } from 'zod';

/** Every success reply: `{ status: true, message, data }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.literal(true), message: z.string(), data });

export const messageOnly = z.object({ status: z.literal(true), message: z.string(), data: z.null() });

/** Every failure reply. `description` carries detail the client may show (the spec reads it for loans). */
export const errorBody = z.object({
  status: z.literal(false),
  message: z.string(),
  code: z.string(),
  description: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100').default(20),
});

/** Page and size for a person's own lists (targets, funds, loans, cards, beneficiaries). */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100').default(50),
});

export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  prev: z.object({ page: z.number().int() }).nullable(),
  next: z.object({ page: z.number().int() }).nullable(),
});
export type Pagination = z.infer<typeof pagination>;

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ status: z.literal(true), message: z.string(), data: z.array(item), pagination });

export const uuidParam = z.object({ id: z.uuid('id must be a valid id') });

/**
 * Every date a request carries lies in this range (inclusive), so a year 0 or 1 or 275760 is a
 * clear 400 rather than an error from the database or from date arithmetic.
 */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2100-12-31';
const inRange = (s: string) => {
  const day = s.slice(0, 10);
  return day >= DATE_MIN && day <= DATE_MAX;
};
const rangeMessage = (label: string) => `${label} must be between ${DATE_MIN} and ${DATE_MAX}`;

/** A calendar date `YYYY-MM-DD` between 2000-01-01 and 2100-12-31. */
export const dateOnly = (label: string) =>
  z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` }).refine(inRange, { error: rangeMessage(label) });

/** An ISO date-time in UTC (`2024-05-01T00:00:00Z`) on a day between 2000-01-01 and 2100-12-31. */
export const dateTime = (label: string) =>
  z.iso.datetime({ error: `${label} must be an ISO date-time` }).refine(inRange, { error: rangeMessage(label) });

/**
 * NUL (which PostgreSQL text cannot hold) and lone UTF-16 surrogates (not valid Unicode). The
 * server refuses requests holding them (its input guard); text from outside systems that must not
 * be refused is cleaned with `cleanText`.
 */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
export const FORBIDDEN_CHARACTERS = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const FORBIDDEN_CHARACTERS_ALL = new RegExp(FORBIDDEN_CHARACTERS.source, 'g');

/** Removes NULs and replaces lone surrogates with U+FFFD (the replacement character). */
export const cleanText = (s: string): string =>
  FORBIDDEN_CHARACTERS.test(s) ? s.replace(FORBIDDEN_CHARACTERS_ALL, (c) => (c === '\u0000' ? '' : '\ufffd')) : s;

/** Replaces every NUL and lone surrogate with U+FFFD: for identifiers, where removing could make two equal. */
export const markText = (s: string): string => (FORBIDDEN_CHARACTERS.test(s) ? s.replace(FORBIDDEN_CHARACTERS_ALL, '\ufffd') : s);

/** Standard error responses, so every route documents them in OpenAPI. */
export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
} as const;
