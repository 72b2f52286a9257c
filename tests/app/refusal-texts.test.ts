import { describe, expect, it } from 'vitest';
import type { CallContract, RefusalText } from '../../src/contract/call';
import { RATE_LIMITED_ID } from '../../src/contract/envelope';
import { commonMessages } from '../../src/ui/common/common.messages';

// Every call of every contract file.
const modules = import.meta.glob('../../src/contract/*.ts', { eager: true }) as Record<string, Record<string, unknown>>;
const calls = Object.values(modules)
  .flatMap((m) => Object.values(m))
  .filter((v): v is CallContract => !!v && typeof v === 'object' && typeof (v as CallContract).path === 'string' && typeof (v as CallContract).refusals === 'object');

const made = calls.flatMap((call) =>
  Object.entries(call.refusals as Record<string, RefusalText>)
    .filter(([, text]) => typeof text.info === 'function')
    .map(([name, text]) => ({ where: `${call.path} ${name}`, text })),
);

const HAN = /\p{Script=Han}/u;
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('refusals made from values (issues 14 and 23)', () => {
  it('finds the contract calls and their texts made from values', () => {
    expect(calls.length).toBeGreaterThan(100);
    expect(made.length).toBeGreaterThan(15);
  });

  it('give each such text an id the browser says in its language, unless the text already follows the caller\'s lang', () => {
    for (const { where, text } of made) {
      if (text.id) continue;
      const info = text.info as (v: Record<string, string | number>) => string;
      const zh = info({ lang: 'zh', field: 'phone', max: 5, seconds: 3 });
      const en = info({ lang: 'en', field: 'phone', max: 5, seconds: 3 });
      expect(zh === en ? `${where} has no id and does not follow lang` : '', where).toBe('');
      expect(en, where).not.toMatch(HAN);
    }
  });

  it('has a zh text with CJK and an en text without for every id, naming the same values', () => {
    const ids = new Set([RATE_LIMITED_ID, 'overloaded', 'unavailable', ...made.flatMap(({ text }) => (text.id ? [text.id] : []))]);
    expect(ids.size).toBeGreaterThan(15);
    for (const id of ids) {
      const zh = (commonMessages.zh as Record<string, string>)[`refused.${id}`];
      const en = (commonMessages.en as Record<string, string>)[`refused.${id}`];
      expect(zh, `zh refused.${id}`).toBeTypeOf('string');
      expect(en, `en refused.${id}`).toBeTypeOf('string');
      expect(zh, id).toMatch(HAN);
      expect(en, id).not.toMatch(HAN);
      // The zh text may leave out a value the en one names (a language name), never add one.
      for (const name of placeholders(zh)) expect(placeholders(en), id).toContain(name);
    }
  });

  it('names the values the server sends in the texts that must carry them', () => {
    const en = commonMessages.en as Record<string, string>;
    expect(placeholders(en['refused.passwordThrottle.tooSoon']!)).toEqual(['seconds']);
    expect(placeholders(en['refused.codeRequest.tooSoon']!)).toEqual(['seconds']);
    expect(placeholders(en['refused.rateLimited']!)).toEqual(['seconds']);
    expect(placeholders(en['refused.reports.rangeTooLong']!)).toEqual(['days']);
  });
});
