import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wellFormed, wellFormedJson } from '../../../src/domain/shared/well-formed';

/** Whether UTF-8 keeps the text as it is (a lone surrogate cannot be encoded). */
const encodes = (text: string) => Buffer.from(text, 'utf8').toString('utf8') === text;

describe('well-formed text', () => {
  it('leaves well-formed text as it is and turns only lone surrogates into U+FFFD', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(wellFormed(text)).toBe(text);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const made = wellFormed(text);
        expect(encodes(made)).toBe(true);
        // What UTF-8 makes of it too: the same replacement, one per lone half.
        expect(made).toBe(Buffer.from(text, 'utf8').toString('utf8'));
      }),
    );
  });

  it('makes every string of a JSON value well formed, keys too, and keeps its shape', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'binary' }), (value) => {
        const made = wellFormedJson(value);
        expect(() => JSON.parse(JSON.stringify(made))).not.toThrow();
        expect(JSON.stringify(made)).not.toMatch(/\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i);
      }),
    );
    expect(wellFormedJson({ '\ud800k': ['a\udfff', 1, null, { n: '\udbff\udc00' }] })).toEqual({ '\ufffdk': ['a\ufffd', 1, null, { n: '\udbff\udc00' }] });
  });
});
