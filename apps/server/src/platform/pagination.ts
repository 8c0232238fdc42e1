import type { Pagination } from '@owo/contracts';

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
