import type { Pagination } from '../../contract/common';

/** The `pagination` block of every paged answer. */
export function pagination(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}
