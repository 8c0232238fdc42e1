import type { Pagination } from '@owo/contracts';

export type Page = { page: number; limit: number };

/** The paginated envelope for a page of items. */
export const paged = <T>(message: string, page: Page, r: { items: T[]; total: number }) => ({
  status: true as const,
  message,
  data: r.items,
  pagination: pageInfo(page.page, page.limit, r.total),
});

export function pageInfo(page: number, limit: number, total: number): Pagination {
  const last = Math.max(1, Math.ceil(total / limit));
  return {
    page,
    limit,
    total,
    prev: page > 1 ? { page: Math.min(page - 1, last) } : null,
    next: page < last ? { page: page + 1 } : null,
  };
}
