import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  languageFromQuery,
  languageMachine,
  parseLanguage,
  resolveLanguage,
  type Language,
  type LanguageSources,
} from '../../../src/domain/accounts/language.machine';
import { LANGUAGE_COOKIE, languageFromCookie } from '../../../src/domain/accounts/language';

const language = fc.constantFrom<Language>('zh', 'en');
const anyText = fc.option(fc.string(), { nil: null });
const spelling = fc.constantFrom('zh', 'zh-CN', 'zh_cn', 'ZH-tw', 'en', 'en-US', 'EN_gb');
const noise = fc.string().filter((s) => parseLanguage(s) === null && languageFromQuery(s) === null);
const sources: fc.Arbitrary<LanguageSources> = fc.record({
  query: fc.option(fc.oneof(fc.string(), spelling.map((s) => `?lan=${s}`), spelling.map((s) => `lang=${s}&x=1`)), { nil: null }),
  stored: fc.option(fc.oneof(spelling, fc.string()), { nil: null }),
  browser: anyText,
});

function start(input: LanguageSources) {
  const persisted: Language[] = [];
  const actor = createActor(
    languageMachine.provide({ actions: { persist: (_, params) => persisted.push(params.language) } }),
    { input },
  ).start();
  return { actor, persisted };
}

describe('resolveLanguage', () => {
  it('reads the examples of DECISIONS 3', () => {
    expect(resolveLanguage({ query: '?lan=en', stored: 'zh', browser: 'zh-CN' })).toBe('en');
    expect(resolveLanguage({ query: 'lang=zh', stored: 'en' })).toBe('zh');
    expect(resolveLanguage({ stored: 'en', browser: 'zh-CN' })).toBe('en');
    expect(resolveLanguage({ browser: 'zh-TW' })).toBe('zh');
    expect(resolveLanguage({ browser: 'fr-FR' })).toBe('en');
    expect(resolveLanguage({})).toBe('en');
  });

  it('prefers lan over lang in one query', () => {
    expect(languageFromQuery('?lang=zh&lan=en')).toBe('en');
  });

  it('always answers zh or en', () => {
    fc.assert(fc.property(sources, (s) => ['zh', 'en'].includes(resolveLanguage(s))));
  });

  it('lets a valid query win over anything stored or in the browser', () => {
    fc.assert(
      fc.property(language, fc.constantFrom('lan', 'lang'), anyText, anyText, (wanted, key, stored, browser) => {
        expect(resolveLanguage({ query: `?${key}=${wanted}`, stored, browser })).toBe(wanted);
      }),
    );
  });

  it('uses the stored value when the query names no language', () => {
    fc.assert(
      fc.property(language, fc.option(noise, { nil: null }), anyText, (stored, query, browser) => {
        expect(resolveLanguage({ query, stored, browser })).toBe(stored);
      }),
    );
  });

  it('falls back to the browser: zh* gives zh, anything else en', () => {
    fc.assert(
      fc.property(fc.option(noise, { nil: null }), fc.string(), (stored, browser) => {
        const expected = browser.trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
        expect(resolveLanguage({ stored, browser })).toBe(expected);
      }),
    );
  });
});

describe('language machine', () => {
  it('stores the resolved language once at start', () => {
    fc.assert(
      fc.property(sources, (s) => {
        const { actor, persisted } = start(s);
        expect(persisted).toEqual([resolveLanguage(s)]);
        expect(actor.getSnapshot().matches(resolveLanguage(s))).toBe(true);
        actor.stop();
      }),
    );
  });

  it('follows every switch, stores each change once and never a repeat', () => {
    fc.assert(
      fc.property(sources, fc.array(language, { maxLength: 30 }), (s, switches) => {
        const { actor, persisted } = start(s);
        let expected = resolveLanguage(s);
        const expectedStores: Language[] = [expected];
        for (const next of switches) {
          actor.send({ type: 'language.set', language: next });
          if (next !== expected) expectedStores.push(next);
          expected = next;
          expect(actor.getSnapshot().context.language).toBe(expected);
          expect(actor.getSnapshot().matches(expected)).toBe(true);
        }
        expect(persisted).toEqual(expectedStores);
        actor.stop();
      }),
    );
  });
});

describe('languageFromCookie', () => {
  const cookieName = fc.stringMatching(/^[a-z_-]{1,12}$/).filter((n) => n !== LANGUAGE_COOKIE);
  const otherCookies = fc.array(fc.tuple(cookieName, fc.stringMatching(/^[A-Za-z0-9=_-]{0,12}$/)), { maxLength: 4 });

  it('reads the stored language among any other cookies, and nothing else as one', () => {
    fc.assert(
      fc.property(otherCookies, otherCookies, spelling, (before, after, lang) => {
        const header = [...before.map(([n, v]) => `${n}=${v}`), `${LANGUAGE_COOKIE}=${lang}`, ...after.map(([n, v]) => `${n}=${v}`)].join('; ');
        expect(languageFromCookie(header)).toBe(parseLanguage(lang));
        expect(languageFromCookie(before.map(([n, v]) => `${n}=${v}`).join('; '))).toBeNull();
      }),
    );
    expect(languageFromCookie(undefined)).toBeNull();
    expect(languageFromCookie(`${LANGUAGE_COOKIE}=fr`)).toBeNull();
  });
});
