// @vitest-environment jsdom
import fc from 'fast-check';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, resolveLanguage } from '../../../src/domain/accounts/language';
import { FIRST_SCREEN_ID, FIRST_SCREEN_SCRIPT, firstScreenTemplateId, removeFirstScreen } from '../../../src/ui/landing/first-screen';

// The inline script of the landing page runs before the app and cannot import the language rule,
// so it carries its own copy: these tests hold the two together.

interface Page {
  search: string;
  storage: Record<string, string> | 'blocked';
  browser: string | undefined;
}

/** Runs the script against a page of the given query, storage and browser; the language it painted, if any. */
function runScript(page: Page, templates: readonly string[] = LANGUAGES): string | null {
  const painted: string[] = [];
  const box = { appendChild: (node: { language: string }) => painted.push(node.language) };
  const document = {
    getElementById(id: string) {
      if (id === FIRST_SCREEN_ID) return box;
      const language = templates.find((l) => firstScreenTemplateId(l) === id);
      return language ? { content: { cloneNode: () => ({ language }) } } : null;
    },
  };
  const localStorage = {
    getItem(key: string) {
      if (page.storage === 'blocked') throw new Error('SecurityError');
      return page.storage[key] ?? null;
    },
  };
  runInNewContext(FIRST_SCREEN_SCRIPT, { document, localStorage, location: { search: page.search }, navigator: { language: page.browser }, URLSearchParams });
  expect(painted.length).toBeLessThanOrEqual(1);
  return painted[0] ?? null;
}

const languageish = fc.oneof(
  fc.constantFrom('zh', 'en', 'ZH', ' en ', 'zh-CN', 'zh_tw', 'en-US', 'en_gb', 'zhx', 'english', 'fr', 'de-DE', ''),
  fc.string({ maxLength: 6 }),
);
const query = fc
  .record({ lan: fc.option(languageish, { nil: undefined }), lang: fc.option(languageish, { nil: undefined }), other: fc.option(fc.string({ maxLength: 4 }), { nil: undefined }) })
  .map(({ lan, lang, other }) => {
    const params = new URLSearchParams();
    if (other !== undefined) params.set('page', other);
    if (lan !== undefined) params.set('lan', lan);
    if (lang !== undefined) params.set('lang', lang);
    const text = params.toString();
    return text ? `?${text}` : '';
  });

describe('the landing first screen script', () => {
  it('paints the language the app will start in (resolveLanguage), for any query, stored value and browser', () => {
    fc.assert(
      fc.property(query, fc.option(languageish, { nil: undefined }), fc.option(languageish, { nil: undefined }), (search, stored, browser) => {
        const storage: Record<string, string> = stored === undefined ? {} : { lang: stored };
        expect(runScript({ search, storage, browser })).toBe(resolveLanguage({ query: search, stored, browser }));
      }),
    );
  });

  it('paints nothing for a signed-in visitor, whose first screen has other buttons', () => {
    fc.assert(
      fc.property(query, fc.string({ minLength: 1 }), (search, token) => {
        expect(runScript({ search, storage: { token, lang: 'en' }, browser: 'zh-CN' })).toBeNull();
      }),
    );
  });

  it('falls back to the query and the browser when storage is blocked', () => {
    expect(runScript({ search: '?lan=en', storage: 'blocked', browser: 'zh-CN' })).toBe('en');
    expect(runScript({ search: '', storage: 'blocked', browser: 'zh-CN' })).toBe('zh');
  });

  it('leaves the page alone when the copy is missing', () => {
    expect(runScript({ search: '?lan=en', storage: {}, browser: 'en' }, ['zh'])).toBeNull();
  });

  it('is removed by the app, and removing it twice is harmless', () => {
    document.body.innerHTML = `<div id="root"></div><div id="${FIRST_SCREEN_ID}"><h1>copy</h1></div>`;
    removeFirstScreen();
    removeFirstScreen();
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
    expect(document.getElementById('root')).not.toBeNull();
  });
});
