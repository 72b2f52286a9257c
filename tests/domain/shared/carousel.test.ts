import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampPage,
  itemsPerView,
  MAX_ITEMS_PER_VIEW,
  MIN_ITEMS_PER_VIEW,
  pageCount,
  pageOfItem,
  pageRange,
} from '../../../src/domain/shared/carousel';

const FC = { numRuns: 300, seed: Number(process.env.FC_SEED ?? 20250101) };
const width = fc.integer({ min: 0, max: 4000 });
const total = fc.integer({ min: 0, max: 60 });
const perView = fc.integer({ min: 1, max: 5 });
const page = fc.integer({ min: -20, max: 40 });

describe('carousel paging', () => {
  it('shows 1 item on a phone, 5 on a wide screen, with the breakpoints between', () => {
    expect([320, 375, 575, 576, 767, 768, 991, 992, 1199, 1200, 1920].map(itemsPerView)).toEqual([1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });

  it('items per view stay within 1..5 and never drop for a wider screen', () => {
    fc.assert(
      fc.property(width, width, (a, b) => {
        const [narrow, wide] = a <= b ? [a, b] : [b, a];
        expect(itemsPerView(narrow)).toBeGreaterThanOrEqual(MIN_ITEMS_PER_VIEW);
        expect(itemsPerView(wide)).toBeLessThanOrEqual(MAX_ITEMS_PER_VIEW);
        expect(itemsPerView(narrow)).toBeLessThanOrEqual(itemsPerView(wide));
      }),
      FC,
    );
  });

  it('clamps any page into 0..pageCount-1', () => {
    fc.assert(
      fc.property(page, total, perView, (p, n, size) => {
        const clamped = clampPage(p, n, size);
        expect(clamped).toBeGreaterThanOrEqual(0);
        expect(clamped).toBeLessThan(pageCount(n, size));
        expect(clampPage(clamped, n, size)).toBe(clamped);
      }),
      FC,
    );
  });

  it('every page shows min(perView, total) items and stays inside the list', () => {
    fc.assert(
      fc.property(page, total, perView, (p, n, size) => {
        const { start, end } = pageRange(p, n, size);
        expect(start).toBeGreaterThanOrEqual(0);
        expect(end).toBeLessThanOrEqual(n);
        expect(end - start).toBe(Math.min(size, n));
      }),
      FC,
    );
  });

  it('walking the pages shows every item at least once', () => {
    fc.assert(
      fc.property(total, perView, (n, size) => {
        const seen = new Set<number>();
        for (let p = 0; p < pageCount(n, size); p++) {
          const { start, end } = pageRange(p, n, size);
          for (let i = start; i < end; i++) seen.add(i);
        }
        expect(seen.size).toBe(n);
      }),
      FC,
    );
  });

  it('the page of an item shows that item (so a resize keeps the first visible item in view)', () => {
    fc.assert(
      fc.property(total.filter((n) => n > 0), perView, fc.nat(), (n, size, raw) => {
        const index = raw % n;
        const { start, end } = pageRange(pageOfItem(index, n, size), n, size);
        expect(index).toBeGreaterThanOrEqual(start);
        expect(index).toBeLessThan(end);
      }),
      FC,
    );
  });

  it('eight industries: 8 pages of one on a phone, 2 pages of five on a desktop', () => {
    expect(pageCount(8, itemsPerView(375))).toBe(8);
    expect(pageCount(8, itemsPerView(1280))).toBe(2);
    expect(pageRange(1, 8, 5)).toEqual({ start: 3, end: 8 });
  });
});
