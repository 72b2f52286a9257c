import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isNormalOf, planStatusOf, PLAN_STATES, reminderOf, surplusOf, type PlanState } from '../../../src/domain/maintenance/plan-state';

const hoursItem = { cycleHours: 200, warningHours: 20, cyclePierces: null, warningPierces: null };
const nozzle = { cycleHours: 500, warningHours: 50, cyclePierces: 20_000, warningPierces: 2_000 };

describe('plan state from run hours and pierces', () => {
  it('is normal above the warning hours, warned at them, overdue at 0', () => {
    expect(planStatusOf(hoursItem, { runHours: 179.99, pierces: 0 })).toEqual({ surplusHours: 20.01, surplusPierces: null, state: 'normal' });
    expect(planStatusOf(hoursItem, { runHours: 180, pierces: 0 }).state).toBe('warning');
    expect(planStatusOf(hoursItem, { runHours: 199.99, pierces: 0 })).toEqual({ surplusHours: 0.01, surplusPierces: null, state: 'warning' });
    expect(planStatusOf(hoursItem, { runHours: 200, pierces: 0 })).toEqual({ surplusHours: 0, surplusPierces: null, state: 'overdue' });
    expect(planStatusOf(hoursItem, { runHours: 950, pierces: 0 }).surplusHours).toBe(0);
  });

  it('counts a wear part down by pierces as well as by hours', () => {
    expect(planStatusOf(nozzle, { runHours: 1, pierces: 17_999 })).toMatchObject({ surplusPierces: 2_001, state: 'normal' });
    expect(planStatusOf(nozzle, { runHours: 1, pierces: 18_000 })).toMatchObject({ surplusPierces: 2_000, state: 'warning' });
    expect(planStatusOf(nozzle, { runHours: 1, pierces: 20_000 })).toMatchObject({ surplusPierces: 0, state: 'overdue' });
    expect(planStatusOf(nozzle, { runHours: 500, pierces: 0 })).toMatchObject({ surplusHours: 0, state: 'overdue' });
  });

  it('IsNormal is 0 only when overdue', () => {
    expect(PLAN_STATES.map(isNormalOf)).toEqual([1, 1, 0]);
  });

  it('surplus never below 0 nor above the cycle, and never grows with more wear', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e5, noNaN: true }), fc.double({ min: -1e5, max: 1e5, noNaN: true }), fc.double({ min: 0, max: 1e5, noNaN: true }), (cycle, used, more) => {
        const s = surplusOf(cycle, used);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(cycle);
        expect(surplusOf(cycle, used + more)).toBeLessThanOrEqual(s);
      }),
    );
  });

  it('the state only worsens as the machine runs, and overdue exactly when a surplus is 0', () => {
    const limits = fc
      .record({ cycleHours: fc.integer({ min: 1, max: 5000 }), warn: fc.double({ min: 0, max: 1, noNaN: true }), pierces: fc.option(fc.integer({ min: 1, max: 1e6 }), { nil: null }) })
      .map(({ cycleHours, warn, pierces }) => ({
        cycleHours,
        warningHours: cycleHours * warn,
        cyclePierces: pierces,
        warningPierces: pierces === null ? null : Math.floor(pierces * warn),
      }));
    const wear = fc.record({ runHours: fc.double({ min: 0, max: 1e4, noNaN: true }), pierces: fc.integer({ min: 0, max: 2e6 }) });
    const rank = (s: PlanState) => PLAN_STATES.indexOf(s);
    fc.assert(
      fc.property(limits, wear, wear, (l, a, b) => {
        const first = planStatusOf(l, a);
        const later = planStatusOf(l, { runHours: a.runHours + b.runHours, pierces: a.pierces + b.pierces });
        expect(rank(later.state)).toBeGreaterThanOrEqual(rank(first.state));
        expect(first.state === 'overdue').toBe(first.surplusHours === 0 || first.surplusPierces === 0);
        expect(planStatusOf(l, { runHours: 0, pierces: 0 }).state).not.toBe('overdue');
      }),
    );
  });
});

describe('reminders', () => {
  it('mails once per crossing into warning or overdue, never on the way back', () => {
    expect(reminderOf('normal', 'normal')).toBeNull();
    expect(reminderOf('normal', 'warning')).toBe('warning');
    expect(reminderOf('warning', 'warning')).toBeNull();
    expect(reminderOf('warning', 'overdue')).toBe('overdue');
    expect(reminderOf('normal', 'overdue')).toBe('overdue');
    expect(reminderOf('overdue', 'overdue')).toBeNull();
    expect(reminderOf('overdue', 'normal')).toBeNull();
  });

  it('over any sequence of states, mails exactly the upward crossings', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PLAN_STATES), { maxLength: 40 }), (seen) => {
        let notified: PlanState = 'normal';
        let mails = 0;
        let expected = 0;
        let previous: PlanState = 'normal';
        for (const state of seen) {
          if (reminderOf(notified, state)) mails++;
          if (PLAN_STATES.indexOf(state) > PLAN_STATES.indexOf(previous)) expected++;
          notified = state;
          previous = state;
        }
        expect(mails).toBe(expected);
      }),
    );
  });
});
