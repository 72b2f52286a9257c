import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALARM_TEXTS, ALARM_TYPES, alarmWords } from '../../../src/domain/telemetry/alarm-catalogue';

const HAN = /\p{Script=Han}/u;
const LATIN_WORD = /[A-Za-z]{2,}/;

describe('the alarm catalogue', () => {
  it('gives every code and every type a zh text with CJK and an en text without', () => {
    for (const table of [ALARM_TEXTS, ALARM_TYPES]) {
      for (const [key, words] of Object.entries(table)) {
        expect(words.zh, key).toMatch(HAN);
        expect(words.zh, key).not.toMatch(LATIN_WORD);
        expect(words.en, key).not.toMatch(HAN);
        expect(words.en.trim(), key).not.toBe('');
      }
    }
  });

  it('reads a known code from the type or the text, in the asked language, whatever English the machine sent', () => {
    const codes = Object.keys(ALARM_TEXTS);
    fc.assert(
      fc.property(fc.constantFrom(...codes), fc.constantFrom(...Object.keys(ALARM_TYPES)), fc.string(), fc.constantFrom('zh' as const, 'en' as const), (code, type, english, language) => {
        const words = alarmWords(language, type, `${code} ${english}`);
        expect(words).toEqual({ code, type: ALARM_TYPES[type]![language], text: `${code} ${ALARM_TEXTS[code]![language]}`, known: true });
        if (language === 'zh') expect(`${words.type}${words.text.slice(code.length)}`).not.toMatch(LATIN_WORD);
        else expect(`${words.type} ${words.text}`).not.toMatch(HAN);
      }),
    );
  });

  it('shows an unknown code, or none, as the machine sent it, and an unknown type as stored', () => {
    expect(alarmWords('zh', 'Spindle', 'E999 Spindle overheated')).toEqual({ code: 'E999', type: 'Spindle', text: 'E999 Spindle overheated', known: false });
    expect(alarmWords('en', '', '  plain words  ')).toEqual({ code: null, type: '', text: 'plain words', known: false });
    fc.assert(
      fc.property(fc.string().filter((s) => !/\b[A-Za-z]\d{3}\b/.test(s)), fc.constantFrom('zh' as const, 'en' as const), (content, language) => {
        expect(alarmWords(language, '', content).text).toBe(content.trim());
      }),
    );
  });
});
