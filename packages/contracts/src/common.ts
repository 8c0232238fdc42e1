import { z } from 'zod';

/** Every success reply: `{ status: true, message, data }`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(true), message: z.string(), data });

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

/** Standard error responses, so every route documents them in OpenAPI. */
export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
} as const;
