import { createIntl, createIntlCache } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../../src/ui/i18n/format-message';
import { LOCALES } from '../../../src/ui/i18n/intl';
import { messages } from '../../../src/ui/i18n/messages';

// The portal formats its messages with a placeholder filler instead of the ICU message format of
// @formatjs/intl. Formatting every message both ways, with text and with numbers, shows that no
// message needs more (a plural, a select, a number format, ICU quoting); when this fails, the
// message needs more than `{name}`: rephrase it, or bring the ICU formatter back.

const names = (template: string) => [...template.matchAll(/\{\s*(\w+)/g)].map((m) => m[1]);

describe('formatMessage', () => {
  for (const language of ['zh', 'en'] as const) {
    const intl = createIntl({ locale: LOCALES[language], messages: messages[language], onError: () => {} }, createIntlCache());
    it(`formats every ${language} message as @formatjs/intl does`, () => {
      const differ: string[] = [];
      for (const [id, template] of Object.entries(messages[language])) {
        for (const sample of [(n: string) => `«${n}»`, (_n: string, i: number) => 12345 + i]) {
          const values = Object.fromEntries(names(template).map((n, i) => [n, sample(n, i)]));
          const icu = intl.formatMessage({ id }, values);
          const ours = formatMessage(template, values);
          if (icu !== ours) differ.push(`${id}: ${JSON.stringify(icu)} vs ${JSON.stringify(ours)}`);
        }
      }
      expect(differ).toEqual([]);
    });
  }

  it('fills each placeholder, as often as it appears, and leaves text without values alone', () => {
    expect(formatMessage('{n} of {total}, again {n}', { n: 2, total: 8 })).toBe('2 of 8, again 2');
    expect(formatMessage('plain {x}')).toBe('plain {x}');
    expect(formatMessage('{a} and {b}', { a: 'A' })).toBe('A and {b}');
    expect(formatMessage('{a}!', { a: null })).toBe('!');
  });
});
