import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEVEL_THRESHOLDS, loyaltyOf, TOP_LEVEL } from '../../../src/domain/points/loyalty';
import { balanceAfter, MAX_POINTS_CHANGE, pointsChangeProblem } from '../../../src/domain/points/points-change';

describe('loyaltyOf: the levels of spec 2 section 9', () => {
  it.each([
    [0, 1, 0, 5000, 0],
    [2500, 1, 0, 5000, 50],
    [5000, 1, 0, 5000, 100],
    [5001, 2, 5000, 10000, 50],
    [10000, 2, 5000, 10000, 100],
    [10001, 3, 10000, 20000, 50],
    [20000, 3, 10000, 20000, 100],
    [20001, 4, 20000, 30000, 66],
    [30000, 4, 20000, 30000, 100],
  ])('%i points: level %i between %i and %i, %i %%', (points, level, floor, next, progress) => {
    expect(loyaltyOf(points)).toMatchObject({ points, level, floor, next, progress, toNext: next - points + 1 });
  });

  it('above 30000 points is level 5 with nothing left to reach', () => {
    expect(loyaltyOf(30001)).toEqual({ points: 30001, level: 5, floor: 30000, next: null, toNext: 0, progress: 100 });
    expect(loyaltyOf(1e9).level).toBe(TOP_LEVEL);
  });

  it('reads a negative, fractional or non-finite balance as whole points from zero', () => {
    expect(loyaltyOf(-5).points).toBe(0);
    expect(loyaltyOf(4999.9).points).toBe(4999);
    expect(loyaltyOf(Number.NaN)).toMatchObject({ points: 0, level: 1 });
  });

  it('property: the level never falls as points grow, and grows exactly when a threshold is passed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(loyaltyOf(lo).level).toBeLessThanOrEqual(loyaltyOf(hi).level);
        const passed = LEVEL_THRESHOLDS.filter((t) => lo <= t && t < hi).length;
        expect(loyaltyOf(hi).level - loyaltyOf(lo).level).toBe(passed);
      }),
    );
  });

  it('property: points lie in (floor, next], progress is 0..100 of next, and toNext points more reach the next level', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (points) => {
        const l = loyaltyOf(points);
        expect(l.level).toBeGreaterThanOrEqual(1);
        expect(l.level).toBeLessThanOrEqual(TOP_LEVEL);
        expect(l.progress).toBeGreaterThanOrEqual(0);
        expect(l.progress).toBeLessThanOrEqual(100);
        if (l.next === null) {
          expect(points).toBeGreaterThan(l.floor);
          expect(l.toNext).toBe(0);
        } else {
          expect(points).toBeLessThanOrEqual(l.next);
          if (l.level > 1) expect(points).toBeGreaterThan(l.floor);
          expect(l.progress).toBe(Math.floor((points * 100) / l.next));
          expect(loyaltyOf(points + l.toNext).level).toBe(l.level + 1);
          expect(loyaltyOf(points + l.toNext - 1).level).toBe(l.level);
        }
      }),
    );
  });
});

describe('points changes', () => {
  it('names what is wrong with a change', () => {
    expect(pointsChangeProblem({ delta: 1.5, reason: 'x' })).toBe('notWhole');
    expect(pointsChangeProblem({ delta: Number.NaN, reason: 'x' })).toBe('notWhole');
    expect(pointsChangeProblem({ delta: 0, reason: 'x' })).toBe('zero');
    expect(pointsChangeProblem({ delta: MAX_POINTS_CHANGE + 1, reason: 'x' })).toBe('tooLarge');
    expect(pointsChangeProblem({ delta: -MAX_POINTS_CHANGE - 1, reason: 'x' })).toBe('tooLarge');
    expect(pointsChangeProblem({ delta: 10, reason: '  ' })).toBe('reasonRequired');
    expect(pointsChangeProblem({ delta: 10, reason: 'x'.repeat(201) })).toBe('reasonTooLong');
    expect(pointsChangeProblem({ delta: -MAX_POINTS_CHANGE, reason: 'correction' })).toBeNull();
  });

  it('property: any sequence of changes applied with balanceAfter keeps the balance the sum of the booked ones, never negative', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5000, max: 5000 }), { maxLength: 60 }), (deltas) => {
        let balance = 0;
        let sum = 0;
        for (const delta of deltas) {
          const after = balanceAfter(balance, delta);
          if (after === null) {
            expect(balance + delta).toBeLessThan(0);
            continue;
          }
          balance = after;
          sum += delta;
          expect(balance).toBeGreaterThanOrEqual(0);
        }
        expect(balance).toBe(sum);
      }),
    );
  });
});
