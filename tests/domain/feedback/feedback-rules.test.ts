import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedExtensions,
  contentMatches,
  defaultExpectedDate,
  endOfTodayChina,
  feedbackContact,
  feedbackFileProblem,
  feedbackProblem,
  isExpectedDateAllowed,
  parseExpectedTime,
  parseWireTime,
  toChinaWire,
} from '../../../src/domain/feedback/feedback-rules';
import { canUrge, questionTag, stripWhitespace } from '../../../src/domain/feedback/question-rules';
import { isPhone } from '../../../src/domain/shared/contact-patterns';

describe('file types per product (spec 3 section 5)', () => {
  it('takes bnt + igs/iges/stp/step for Nest Tube and bnn/bnd + dxf/dwg otherwise, any case', () => {
    expect(allowedExtensions(1, 'main')).toEqual(['bnt']);
    expect(allowedExtensions(1, 'other')).toEqual(['igs', 'iges', 'stp', 'step']);
    for (const p of [0, 2, 3, 4, 5] as const) {
      expect(allowedExtensions(p, 'main')).toEqual(['bnn', 'bnd']);
      expect(allowedExtensions(p, 'other')).toEqual(['dxf', 'dwg']);
    }
    expect(feedbackFileProblem('A.BNT', 'main', 1)).toBeNull();
    expect(feedbackFileProblem('a.Step', 'other', 1)).toBeNull();
    expect(feedbackFileProblem('a.bnt', 'main', 0)).toBe('unsupported');
    expect(feedbackFileProblem('a.DWG', 'other', 3)).toBeNull();
    expect(feedbackFileProblem('a.dxf', 'other', 1)).toBe('unsupported');
    expect(feedbackFileProblem('bnt', 'main', 1)).toBe('unsupported');
  });

  it('refuses deceptive and path names whatever the extension', () => {
    for (const name of ['../a.bnt', 'a\\b.bnt', 'x\u202etnb.bnt', 'a\u0000.bnt', 'a+b.bnt', '.bnt']) expect(feedbackFileProblem(name, 'main'), name).toBe('badName');
  });

  it('matches content where the format has a signature', () => {
    const bytes = (s: string) => new TextEncoder().encode(s);
    expect(contentMatches('stp', bytes('ISO-10303-21;\nHEADER;'), undefined)).toBe(true);
    expect(contentMatches('step', bytes('solid x'), undefined)).toBe(false);
    expect(contentMatches('dwg', bytes('AC1032\0\0'), undefined)).toBe(true);
    expect(contentMatches('dwg', bytes('0\nSECTION'), undefined)).toBe(false);
    expect(contentMatches('bnt', bytes('anything'), undefined)).toBe(true);
    expect(contentMatches('bnt', bytes('PK..'), { ext: 'zip' })).toBe(false);
  });
});

describe('expected processing date (spec 3 section 5)', () => {
  const now = new Date('2026-11-24T15:59:00Z'); // 23:59 in China

  it('allows today (China time) to its last moment, not yesterday', () => {
    expect(endOfTodayChina(now).toISOString()).toBe('2026-11-24T15:59:59.999Z');
    expect(isExpectedDateAllowed(new Date('2026-11-24T15:59:59Z'), now)).toBe(true);
    expect(isExpectedDateAllowed(new Date('2026-11-23T15:59:59Z'), now)).toBe(false);
    expect(isExpectedDateAllowed(new Date('2026-11-24T16:00:00Z'), now)).toBe(true);
  });

  it('defaults to 7 days ahead and travels in the +08:00 form, read back as the same instant', () => {
    expect(defaultExpectedDate(now).getTime() - now.getTime()).toBe(7 * 24 * 3600_000);
    expect(toChinaWire(now)).toBe('2026-11-24T23:59:00+08:00');
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 0, 1) }), (t) => {
        const at = new Date(Math.floor(t / 1000) * 1000);
        expect(parseWireTime(toChinaWire(at))?.getTime()).toBe(at.getTime());
      }),
    );
    expect(parseWireTime('2026-11-24')).toBeNull();
    expect(parseWireTime('soon')).toBeNull();
  });

  it('a feedback is complete only with product, version, title, steps, contact (CAM form) and date', () => {
    const ok = { product: 1, version: '1', title: 't', html: '<p>x</p>', userName: '', phone: 'a@b.cn', expected: now };
    expect(feedbackProblem(ok, now, 'cam')).toBeNull();
    expect(feedbackProblem({ ...ok, product: 6 }, now, 'cam')).toBe('productRequired');
    expect(feedbackProblem({ ...ok, html: '<p>&nbsp;</p>' }, now, 'cam')).toBe('contentRequired');
    expect(feedbackProblem({ ...ok, html: '<p><img src="data:image/png;base64,AA=="></p>' }, now, 'cam')).toBeNull();
    expect(feedbackProblem({ ...ok, phone: 'x' }, now, 'cam')).toBe('contactInvalid');
    expect(feedbackProblem({ ...ok, phone: 'x' }, now, 'user')).toBeNull();
  });
});

describe('support question states (spec 2 section 4)', () => {
  it('offers urgent only when neither urgent nor completed; tags urgented and ended', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 1 }), (processingStatus, isComplaint) => {
        const q = { processingStatus, isComplaint };
        expect(canUrge(q)).toBe(processingStatus === 0 && isComplaint === 0);
        expect(questionTag(q)).toBe(processingStatus !== 0 ? 'ended' : isComplaint === 1 ? 'urgented' : null);
      }),
    );
    expect(stripWhitespace(' G30 15\t-1 ')).toBe('G3015-1');
  });
});

describe('the CAM form contact (issue 35 item 9): a phone as people write it, kept in its normal form', () => {
  it('takes the usual written forms and keeps the + and the digits', () => {
    for (const [written, kept] of [
      ['+86 138 0000 0000', '+8613800000000'],
      ['+86-138-0000-0000', '+8613800000000'],
      ['+86 (0) 531 8888 8888', '+86053188888888'],
      ['(+86) 138 0000 0000', '+8613800000000'],
      ['+1 (555) 123-4567', '+15551234567'],
      ['(0531) 8888-8888', '053188888888'],
      ['138.0000.0000', '13800000000'],
      ['＋86 138 0000 0000', '+8613800000000'],
      ['  13800000000 ', '13800000000'],
      [' Li@Example.com ', 'Li@Example.com'],
    ]) {
      expect(feedbackContact(written), written).toBe(kept);
    }
  });

  it('refuses what is no phone number nor e-mail', () => {
    for (const text of ['', 'abc', '1234', '+86 abc', '138 0000 0000x', '86+138 0000 0000', '(0531 8888 8888', '0531) 8888 8888', '138--0000-0000', '+', '()', `1${' 1'.repeat(40)}`]) {
      expect(feedbackContact(text), JSON.stringify(text)).toBeNull();
    }
  });

  it('property: digits grouped by spaces, hyphens, dots and brackets, with or without +country, are the + and the digits', () => {
    const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
    const separator = fc.constantFrom(' ', '-', ' - ', '.', '  ');
    const group = fc.tuple(digits(1, 5), fc.boolean()).map(([d, bracketed]) => ({ d, text: bracketed ? `(${d})` : d }));
    fc.assert(
      fc.property(fc.option(digits(1, 3), { nil: null }), fc.array(fc.tuple(separator, group), { minLength: 1, maxLength: 5 }), digits(1, 4), fc.boolean(), (country, groups, last, wide) => {
        const all = [...groups.map(([, g]) => g.d), last].join('');
        fc.pre(all.length + (country?.length ?? 0) >= 5 && all.length + (country?.length ?? 0) <= 20);
        // A bracketed group is never the last: the number ends in plain digits.
        let written = (country === null ? '' : `+${country} `) + groups.map(([sep, g], i) => (i === 0 ? g.text : `${sep}${g.text}`)).join('') + ` ${last}`;
        if (wide) written = written.replace(/[0-9+()]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
        const kept = feedbackContact(written);
        expect(kept, written).toBe(`${country === null ? '' : `+${country}`}${all}`);
        expect(feedbackContact(kept!)).toBe(kept);
      }),
    );
  });

  it('property: every phone the accounts rule takes is taken, without its spaces and hyphens', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^(\+?[0-9]{1,3})? ?(\([0-9]{1,4}\) ?)?[0-9]{3,14}(-[0-9]{1,9})?$/), (v) => {
        fc.pre(isPhone(v));
        expect(feedbackContact(v), v).toBe((v.startsWith('+') ? '+' : '') + v.replace(/\D/g, ''));
      }),
    );
  });
});

describe('the expected time ProblemFeedbackSave takes (issue 35 item 9): a date alone, or a time with an offset', () => {
  const day = (at: Date) => toChinaWire(at).slice(0, 10);

  it('property: a date alone is that China day: today or later is allowed, earlier is before today', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2001, 0, 1), max: Date.UTC(2098, 0, 1) }), fc.integer({ min: -400, max: 400 }), (t, days) => {
        const now = new Date(t);
        const asked = day(new Date(t + days * 24 * 3600_000));
        const at = parseExpectedTime(asked);
        expect(at, asked).not.toBeNull();
        expect(day(at!)).toBe(asked);
        const ok = { product: 1, version: '1', title: 't', html: '<p>x</p>', userName: '', phone: 'a@b.cn', expected: at };
        expect(feedbackProblem(ok, now, 'cam')).toBe(days >= 0 ? null : 'dateInvalid');
      }),
    );
  });

  it('reads times with an offset as before, and says the format of anything else', () => {
    expect(parseExpectedTime('2026-12-05')?.toISOString()).toBe('2026-12-05T04:00:00.000Z');
    expect(parseExpectedTime(' 2026-12-05T12:00:00+08:00 ')?.toISOString()).toBe('2026-12-05T04:00:00.000Z');
    for (const text of ['tomorrow', '2026-02-30', '2026-13-01', '05.12.2026', '2026-12-05T12:00:00', '']) expect(parseExpectedTime(text), text).toBeNull();
    const ok = { product: 1, version: '1', title: 't', html: '<p>x</p>', userName: '', phone: 'a@b.cn', expected: null };
    expect(feedbackProblem(ok, new Date(), 'cam')).toBe('dateFormat');
  });
});
