/** Paging of DECISIONS 1: `PrevPageNums` = (page-1)*size rows skipped, `TopNums` = size, `ReturnCount` the total. */

export const PAGE_SIZES = [10, 20, 50] as const;

export type PageSize = (typeof PAGE_SIZES)[number];

export const DEFAULT_PAGE_SIZE: PageSize = 10;

export function isPageSize(value: unknown): value is PageSize {
  return (PAGE_SIZES as readonly unknown[]).includes(value);
}

/** Rows skipped before a page (`PrevPageNums`); pages count from 1. */
export function pageOffset(page: number, size: number): number {
  return (page - 1) * size;
}

/** How many pages `total` rows fill (at least 1, so an empty table still has its first page). */
export function pageCount(total: number, size: number): number {
  if (!Number.isFinite(total) || total <= 0) return 1;
  return Math.ceil(total / size);
}

/** True for a page number a table of `total` rows can show. */
export function isPageOf(page: unknown, total: number, size: number): page is number {
  return typeof page === 'number' && Number.isInteger(page) && page >= 1 && page <= pageCount(total, size);
}
