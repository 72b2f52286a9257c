import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { browserTimeZone, dateTimeFormat, numberFormat } from '../../../src/ui/common/intl-formats';

describe('the Intl formatters, made once per locale and options', () => {
  it('answers the same formatter for the same locale and options, another for others', () => {
    expect(dateTimeFormat('zh-CN', { dateStyle: 'short' })).toBe(dateTimeFormat('zh-CN', { dateStyle: 'short' }));
    expect(dateTimeFormat('zh-CN', { dateStyle: 'short' })).not.toBe(dateTimeFormat('en-US', { dateStyle: 'short' }));
    expect(dateTimeFormat('en-US', { dateStyle: 'short' })).not.toBe(dateTimeFormat('en-US', { dateStyle: 'medium' }));
    expect(numberFormat('en-US', { maximumFractionDigits: 2 })).toBe(numberFormat('en-US', { maximumFractionDigits: 2 }));
    expect(numberFormat('en-US', { maximumFractionDigits: 2 })).not.toBe(numberFormat('en-US', { maximumFractionDigits: 1 }));
  });

  it('formats as a formatter made for the call does', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('zh-CN', 'en-US'),
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        fc.constantFrom<Intl.DateTimeFormatOptions>({ dateStyle: 'short', timeStyle: 'short' }, { month: 'numeric', day: 'numeric', timeZone: 'UTC' }, { dateStyle: 'medium', timeZone: 'UTC' }),
        (locale, time, options) => dateTimeFormat(locale, options).format(time) === new Intl.DateTimeFormat(locale, options).format(time),
      ),
    );
    fc.assert(
      fc.property(fc.constantFrom('zh-CN', 'en-US'), fc.double({ noNaN: true, min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 3 }), (locale, value, digits) => {
        const options = { minimumFractionDigits: digits, maximumFractionDigits: digits };
        return numberFormat(locale, options).format(value) === new Intl.NumberFormat(locale, options).format(value);
      }),
    );
  });

  it("reads the browser's time zone once", () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Shanghai');
    expect(browserTimeZone()).toBe(browserTimeZone());
  });
});
