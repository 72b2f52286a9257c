import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayNumber,
  dayOfNumber,
  daysOf,
  defaultRange,
  isDay,
  localDay,
  MAX_RANGE_DAYS,
  rangeLength,
  rangeProblem,
} from '../../../src/domain/reports/day-range';

// Day numbers of 1990-01-01 .. 2090-12-31: four-digit years, so every day prints as YYYY-MM-DD.
const dayArb = fc.integer({ min: 7305, max: 44560 }).map(dayOfNumber);

describe('days', () => {
  it('reads real calendar days only', () => {
    expect(isDay('2025-06-01')).toBe(true);
    expect(isDay('2024-02-29')).toBe(true);
    for (const bad of ['2025-02-29', '2025-13-01', '2025-6-1', '2025-06-01T00:00:00Z', '', null, 20250601]) expect(isDay(bad), String(bad)).toBe(false);
  });

  it('moves across months, years and leap days', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-12-28', 6)).toBe('2025-01-03');
  });

  it('writes the local calendar day of a moment', () => {
    expect(localDay(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
    expect(localDay(new Date(2025, 11, 31, 0, 1))).toBe('2025-12-31');
  });

  it('defaults to the last 7 days, today included', () => {
    const range = defaultRange('2025-06-07');
    expect(range).toEqual({ start: '2025-06-01', end: '2025-06-07' });
    expect(daysOf(range)).toEqual(['2025-06-01', '2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06', '2025-06-07']);
  });

  it('refuses 8 days, an inverted range, a malformed day and a range ending after today', () => {
    expect(rangeProblem({ start: '2025-06-01', end: '2025-06-07' })).toBeNull();
    expect(rangeProblem({ start: '2025-06-01', end: '2025-06-01' })).toBeNull();
    expect(rangeProblem({ start: '2025-06-01', end: '2025-06-08' })).toBe('tooLong');
    expect(rangeProblem({ start: '2025-06-05', end: '2025-06-04' })).toBe('reversed');
    expect(rangeProblem({ start: '', end: '2025-06-04' })).toBe('invalid');
    expect(rangeProblem({ start: '2025-06-05', end: '2025-06-09' }, '2025-06-08')).toBe('future');
    expect(rangeProblem({ start: '2025-06-02', end: '2025-06-08' }, '2025-06-08')).toBeNull();
  });
});

describe('day range properties', () => {
  it('a range that passes the rule is never longer than 7 days, nor empty, nor after today', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: -30, max: 30 }), dayArb, (start, span, today) => {
        const range = { start, end: addDays(start, span) };
        const problem = rangeProblem(range, today);
        if (problem === null) {
          expect(rangeLength(range)).toBeGreaterThanOrEqual(1);
          expect(rangeLength(range)).toBeLessThanOrEqual(MAX_RANGE_DAYS);
          expect(dayNumber(range.end)!).toBeLessThanOrEqual(dayNumber(today)!);
        } else {
          expect(span < 0 || span > MAX_RANGE_DAYS - 1 || dayNumber(range.end)! > dayNumber(today)!).toBe(true);
        }
      }),
    );
  });

  it('the default range is always accepted and holds exactly 7 days ending today', () => {
    fc.assert(
      fc.property(dayArb, (today) => {
        const range = defaultRange(today);
        expect(rangeProblem(range, today)).toBeNull();
        expect(daysOf(range)).toHaveLength(MAX_RANGE_DAYS);
        expect(daysOf(range).at(-1)).toBe(today);
      }),
    );
  });

  it('moving a day forth and back returns it; its days are consecutive', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: -400, max: 400 }), (day, n) => {
        expect(addDays(addDays(day, n), -n)).toBe(day);
        expect(dayNumber(addDays(day, n))! - dayNumber(day)!).toBe(n);
      }),
    );
  });
});
