import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateFormat } from '../../../src/domain/shared/date-format';

const ZONES = ['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'UTC', 'Asia/Kolkata', 'Pacific/Chatham'];
const OPTIONS: Intl.DateTimeFormatOptions[] = [
  { year: 'numeric', month: '2-digit', day: '2-digit' },
  { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  { dateStyle: 'medium', timeStyle: 'short' },
];

describe('the kept date formats', () => {
  it('format every instant as a new Intl.DateTimeFormat of the same locale, zone and options does', () => {
    fc.assert(
      fc.property(fc.constantFrom('en-CA', 'en-GB', 'zh-CN'), fc.constantFrom(...ZONES), fc.constantFrom(...OPTIONS), fc.date({ noInvalidDate: true }), (locale, timeZone, options, at) => {
        expect(dateFormat(locale, { ...options, timeZone }).format(at)).toBe(new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(at));
      }),
    );
  });

  it('keep one format for the same locale and options, another for another zone', () => {
    const options = { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    expect(dateFormat('en-CA', options)).toBe(dateFormat('en-CA', { ...options }));
    expect(dateFormat('en-CA', options)).not.toBe(dateFormat('en-CA', { ...options, timeZone: 'UTC' }));
  });

  it('refuse a zone Intl does not know, as the constructor does, however often it is asked, and stay bounded', () => {
    for (let i = 0; i < 3; i++) expect(() => dateFormat('en', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
    // More formats than the cache keeps (every zone Intl knows, twice): each still formats right.
    const zones = Intl.supportedValuesOf('timeZone');
    expect(zones.length * 2).toBeGreaterThan(500);
    for (const timeZone of zones) {
      for (const options of OPTIONS.slice(0, 2)) expect(dateFormat('en-GB', { ...options, timeZone }).format(0)).toBe(new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).format(0));
    }
  });
});
