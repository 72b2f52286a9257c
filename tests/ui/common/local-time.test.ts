import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { beijingText } from '../../../src/domain/maintenance/maintenance-time';
import { localDateTime, localDay } from '../../../src/ui/common/local-time';

// Issue 35 item 7: the maintenance and question drawers showed the wire's +08:00 clock (18:02)
// where the rest of the portal shows the browser's (10:02 in London). One rule: the browser's zone.
const zone = process.env.TZ;
const inZone = (tz: string) => (process.env.TZ = tz);
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('a wire time in the browser zone', () => {
  it("shows a +08:00 text at the browser's clock, not Beijing's", () => {
    inZone('Europe/London');
    expect(localDateTime('2026-12-02T18:02:05+08:00')).toBe('2026-12-02 10:02');
    expect(localDateTime('2026-12-02T18:02:05+08:00', { seconds: true })).toBe('2026-12-02 10:02:05');
    // No offset is the spec's zone; the day is the browser's too.
    expect(localDateTime('2026-12-03 02:30:00')).toBe('2026-12-02 18:30');
    expect(localDay('2026-12-03T02:30:00+08:00')).toBe('2026-12-02');
    inZone('Asia/Shanghai');
    expect(localDateTime('2026-12-02T10:02:05Z')).toBe('2026-12-02 18:02');
  });

  it('keeps a day alone and says nothing for no time', () => {
    expect(localDay('2026-12-05')).toBe('2026-12-05');
    expect(localDateTime('2026-12-05')).toBe('2026-12-05');
    expect(localDateTime('')).toBe('—');
    expect(localDay(null)).toBe('—');
  });

  it('property: any instant sent as the spec writes it reads as the same instant in any zone', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), fc.constantFrom('UTC', 'Asia/Shanghai', 'America/New_York', 'Asia/Kolkata'), (at, tz) => {
        inZone(tz);
        const local = new Date(Math.floor(at.getTime() / 1000) * 1000);
        const two = (n: number) => String(n).padStart(2, '0');
        const expected = `${local.getFullYear()}-${two(local.getMonth() + 1)}-${two(local.getDate())} ${two(local.getHours())}:${two(local.getMinutes())}:${two(local.getSeconds())}`;
        expect(localDateTime(beijingText(at), { seconds: true })).toBe(expected);
      }),
    );
  });
});
