import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  beijingText,
  CLOCK_SKEW_MS,
  isDayAfterToday,
  maintenanceTimeProblem,
  parseMaintenanceTime,
  pickMaintenanceTime,
} from '../../../src/domain/maintenance/maintenance-time';

const now = new Date('2026-11-24T06:30:00Z');

describe('the maintenance time', () => {
  it('reads the spec +08:00 text and other ISO offsets as the same instant', () => {
    expect(parseMaintenanceTime('2026-11-24T14:30:00+08:00')?.toISOString()).toBe('2026-11-24T06:30:00.000Z');
    expect(parseMaintenanceTime('2026-11-24T06:30:00Z')?.toISOString()).toBe('2026-11-24T06:30:00.000Z');
    expect(parseMaintenanceTime('2026-11-24 14:30')?.toISOString()).toBe('2026-11-24T06:30:00.000Z');
    for (const bad of ['', 'yesterday', '2026-02-30T10:00:00+08:00', '2026-13-01T00:00:00Z', 42, null]) expect(parseMaintenanceTime(bad)).toBeNull();
  });

  it('is required and never in the future', () => {
    expect(maintenanceTimeProblem(null, now)).toBe('required');
    expect(maintenanceTimeProblem(new Date(now.getTime() + CLOCK_SKEW_MS + 1000), now)).toBe('future');
    expect(maintenanceTimeProblem(new Date(now.getTime() - 86_400_000), now)).toBeNull();
    expect(maintenanceTimeProblem(now, now)).toBeNull();
  });

  it('writes the spec +08:00 form', () => {
    expect(beijingText(now)).toBe('2026-11-24T14:30:00+08:00');
    expect(parseMaintenanceTime(beijingText(now))?.getTime()).toBe(now.getTime());
  });

  it('the picker forbids days after today (in UTC+8)', () => {
    expect(isDayAfterToday('2026-11-24', now)).toBe(false);
    expect(isDayAfterToday('2026-11-25', now)).toBe(true);
    expect(isDayAfterToday('2026-11-25', new Date('2026-11-24T16:00:00Z'))).toBe(false);
  });

  it('the picker never gives a future time and cannot be cleared once chosen', () => {
    const instant = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true });
    fc.assert(
      fc.property(instant, fc.array(fc.option(instant, { nil: null }), { maxLength: 20 }), (clock, picks) => {
        let value: Date | null = null;
        for (const pick of picks) {
          const before = value;
          value = pickMaintenanceTime(pick, value, clock);
          if (before) expect(value).not.toBeNull();
          if (value) {
            expect(value.getTime()).toBeLessThanOrEqual(clock.getTime());
            expect(maintenanceTimeProblem(value, clock)).toBeNull();
          }
        }
      }),
    );
  });
});
