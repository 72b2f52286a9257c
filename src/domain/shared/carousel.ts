/** Carousel paging of spec 1 section 9: 1 to 5 items in view depending on the width; pure functions. */

/** Widths (px) at which one more item fits: below 576 one item, from 1200 five. */
export const CAROUSEL_BREAKPOINTS: readonly number[] = [576, 768, 992, 1200];

export const MIN_ITEMS_PER_VIEW = 1;
export const MAX_ITEMS_PER_VIEW = 5;

/** How many items a carousel shows at a viewport width: 1 to 5, never fewer for a wider screen. */
export function itemsPerView(width: number): number {
  if (!Number.isFinite(width)) return width > 0 ? MAX_ITEMS_PER_VIEW : MIN_ITEMS_PER_VIEW;
  return MIN_ITEMS_PER_VIEW + CAROUSEL_BREAKPOINTS.filter((breakpoint) => width >= breakpoint).length;
}

/** How many pages `total` items fill with `perView` per page (at least one page). */
export function pageCount(total: number, perView: number): number {
  const items = Math.max(0, Math.floor(total));
  const size = Math.max(1, Math.floor(perView));
  return Math.max(1, Math.ceil(items / size));
}

/** A page index inside 0 .. pageCount-1 (non-numbers give 0). */
export function clampPage(page: number, total: number, perView: number): number {
  if (!Number.isFinite(page)) return 0;
  return Math.min(Math.max(0, Math.floor(page)), pageCount(total, perView) - 1);
}

/** The items a page shows: `[start, end)`. The last page is filled from the end, so it is never half empty. */
export function pageRange(page: number, total: number, perView: number): { start: number; end: number } {
  const items = Math.max(0, Math.floor(total));
  const size = Math.min(Math.max(1, Math.floor(perView)), Math.max(1, items));
  const current = clampPage(page, items, size);
  const start = Math.max(0, Math.min(current * size, items - size));
  return { start, end: Math.min(items, start + size) };
}

/** The page that shows item `index` (used to keep the first visible item in view when the width changes). */
export function pageOfItem(index: number, total: number, perView: number): number {
  const size = Math.max(1, Math.floor(perView));
  return clampPage(Math.floor(Math.max(0, index) / size), total, size);
}
