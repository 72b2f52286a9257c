import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, dayIn } from '../../../src/domain/shared/zoned-day';

describe('dayIn', () => {
  it('is the day of the instant in the zone, not in UTC', () => {
    const at = new Date('2026-03-01T17:30:00Z');
    expect(dayIn(at, 'UTC')).toBe('2026-03-01');
    expect(dayIn(at, DEFAULT_TIME_ZONE)).toBe('2026-03-02');
    expect(dayIn(at, 'America/Los_Angeles')).toBe('2026-03-01');
  });
});
