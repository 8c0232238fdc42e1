import { z } from 'zod';
import { envelope, paginated } from './common.js';

/** An in-app notice: what changed for the person (an order accepted, shipped, refunded...). */
export const notice = z.object({
  id: z.uuid(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The app path the notice opens, when it has one. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notice = z.infer<typeof notice>;

export const noticesQuery = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(50, 'limit is at most 50').default(20),
});
export const noticesResponse = paginated(notice);

export const unreadNoticesResponse = envelope(z.object({ unread: z.number().int() }));

/** Marks these notices read, or every one of the caller's when `ids` is left out. */
export const readNoticesBody = z.object({
  ids: z.array(z.uuid('ids must be notice ids')).min(1, 'ids must not be empty').max(100, 'At most 100 ids at once').optional(),
});
