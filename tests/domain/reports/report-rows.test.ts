import { describe, expect, it } from 'vitest';
import { amount, completionOf, processTypeOf, seriesOver } from '../../../src/domain/reports/report-rows';
import { pageCount, pageOffset } from '../../../src/domain/reports/paging';

describe('report rows', () => {
  it('reads counts and measures as finite, non-negative numbers', () => {
    expect([3, '12.5', 0, -1, Number.NaN, Infinity, '', 'x', null].map(amount)).toEqual([3, 12.5, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('lays a series over every day of the range, zeros for missing days, nothing outside it', () => {
    const range = { start: '2025-06-01', end: '2025-06-04' };
    const rows = [
      { Day: '2025-06-02', Count: 5 },
      { Day: '2025-05-31', Count: 9 },
      { Day: '2025-06-04', Count: 1 },
    ];
    expect(seriesOver(range, rows, (row) => row.Count)).toEqual([0, 5, 0, 1]);
  });

  it('words ProcessType and IsComplete: 0 and anything else', () => {
    expect([0, '0', 1, 2, null, undefined].map(processTypeOf)).toEqual(['emptyOperation', 'emptyOperation', 'process', 'process', null, null]);
    expect([0, '0', 1, 7, ''].map(completionOf)).toEqual(['notCompleted', 'notCompleted', 'completed', 'completed', null]);
  });

  it('pages with PrevPageNums = (page-1)*size', () => {
    expect(pageOffset(1, 10)).toBe(0);
    expect(pageOffset(3, 20)).toBe(40);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
  });
});
