// @vitest-environment jsdom
import fc from 'fast-check';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, resolveLanguage } from '../../../src/domain/accounts/language';
import { removeFirstScreen, removeStrayFirstScreen } from '../../../src/ui/common/first-screen';
import { BELOW_ATTRIBUTE, DISMISS_ATTRIBUTE, FIRST_SCREEN_ID, firstScreenTemplateId } from '../../../src/ui/common/first-screen-markup';
import { firstScreenScript } from '../../../src/ui/common/first-screen-script';
import { titleTemplates } from '../../../src/ui/common/portal-title';

// The inline script of a page with a first screen from the build runs before the app and cannot
// import the language rule, so it carries its own copy: these tests hold the two together.
const FIRST_SCREEN_SCRIPT = firstScreenScript({ skipSignedIn: true });

interface Page {
  search: string;
  storage: Record<string, string> | 'blocked';
  browser: string | undefined;
}

/** Runs the script against a page of the given query, storage and browser; the language it painted, if any. */
function runScript(page: Page, templates: readonly string[] = LANGUAGES, script = FIRST_SCREEN_SCRIPT): string | null {
  const painted: string[] = [];
  const box = { appendChild: (node: { language: string }) => painted.push(node.language), addEventListener: () => {}, querySelectorAll: () => [] };
  const document = {
    documentElement: { lang: 'zh' },
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
  runInNewContext(script, { document, localStorage, location: { search: page.search }, navigator: { language: page.browser }, URLSearchParams, innerWidth: 1280 });
  expect(painted.length).toBeLessThanOrEqual(1);
  if (painted[0]) expect(document.documentElement.lang, 'the page says its language').toBe(painted[0] === 'zh' ? 'zh-CN' : 'en');
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

describe('the first screen script', () => {
  it('paints the language the app will start in (resolveLanguage), for any query, stored value and browser', () => {
    fc.assert(
      fc.property(query, fc.option(languageish, { nil: undefined }), fc.option(languageish, { nil: undefined }), (search, stored, browser) => {
        const storage: Record<string, string> = stored === undefined ? {} : { lang: stored };
        expect(runScript({ search, storage, browser })).toBe(resolveLanguage({ query: search, stored, browser }));
      }),
    );
  });

  it('paints nothing for a signed-in visitor where the page says so (the landing and login pages)', () => {
    fc.assert(
      fc.property(query, fc.string({ minLength: 1 }), fc.constantFrom('token', 'userId'), (search, value, key) => {
        expect(runScript({ search, storage: { [key]: value, lang: 'en' }, browser: 'zh-CN' })).toBeNull();
      }),
    );
    // The visitor pages look the same to everyone.
    const everyone = firstScreenScript({ skipSignedIn: false });
    expect(runScript({ search: '', storage: { token: 't', lang: 'en' }, browser: 'zh-CN' }, LANGUAGES, everyone)).toBe('en');
  });

  it('falls back to the query and the browser when storage is blocked', () => {
    expect(runScript({ search: '?lan=en', storage: 'blocked', browser: 'zh-CN' })).toBe('en');
    expect(runScript({ search: '', storage: 'blocked', browser: 'zh-CN' })).toBe('zh');
  });

  it('leaves the page alone when the copy is missing', () => {
    expect(runScript({ search: '?lan=en', storage: {}, browser: 'en' }, ['zh'])).toBeNull();
  });

  it('is removed by the app, and removing it twice is harmless; a copy for another page goes when the app shows that one', () => {
    document.body.innerHTML = `<div id="root"></div><div id="${FIRST_SCREEN_ID}"><h1>copy</h1></div>`;
    removeFirstScreen();
    removeFirstScreen();
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
    expect(document.getElementById('root')).not.toBeNull();

    document.body.innerHTML = `<div id="root"></div><div id="${FIRST_SCREEN_ID}" data-paths="/visitor /visitor/software"><h1>copy</h1></div>`;
    removeStrayFirstScreen('/Visitor/software/');
    removeStrayFirstScreen('/visitor');
    expect(document.getElementById(FIRST_SCREEN_ID), 'its own page, as the routes match it').not.toBeNull();
    removeStrayFirstScreen('/');
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
  });
});

describe("the first screen script's title and stored language (issue 35 item 5)", () => {
  const title = titleTemplates({ zh: '登录', en: 'Log in' })!;
  /** Runs the titled script; the title it set, the language it stored and the one it painted. */
  function titled(search: string, brand: { name?: string } | undefined, stored: Record<string, string> = {}) {
    const document = {
      title: 'Laser Service Portal',
      documentElement: { lang: 'zh' },
      getElementById: (id: string) => (id === FIRST_SCREEN_ID ? { appendChild: () => {}, addEventListener: () => {}, querySelectorAll: () => [] } : { content: { cloneNode: () => ({ querySelectorAll: () => [] }) } }),
    };
    const storage = { ...stored };
    const localStorage = { getItem: (key: string) => storage[key] ?? null, setItem: (key: string, value: string) => (storage[key] = value) };
    const window = brand === undefined ? {} : { __BRAND__: brand };
    runInNewContext(firstScreenScript({ skipSignedIn: true, title }), { document, localStorage, window, location: { search }, navigator: { language: 'en-US' }, URLSearchParams, innerWidth: 1280 });
    return { title: document.title, stored: storage.lang, lang: document.documentElement.lang };
  }

  it("sets the page's title in its language with the brand's name at once, the default brand's without one", () => {
    expect(titled('?lan=zh', { name: 'Acme' })).toMatchObject({ title: '登录 · Acme 服务平台', lang: 'zh-CN' });
    expect(titled('', { name: 'Acme' })).toMatchObject({ title: 'Log in · Acme Service Portal', lang: 'en' });
    expect(titled('', undefined).title).toBe('Log in · Laser Service Portal');
  });

  it('stores the language a link names, as the app does, and nothing when none is named', () => {
    expect(titled('?lan=zh', undefined, { lang: 'en' }).stored).toBe('zh');
    expect(titled('?lang=en-GB', undefined).stored).toBe('en');
    expect(titled('', undefined, { lang: 'zh' }).stored).toBe('zh');
    expect(titled('?lan=fr', undefined).stored).toBeUndefined();
  });
});

describe('the first screen script in a page', () => {
  /** A page as the server sends it: the templates, the box and the script, run; the box afterwards. */
  function paint(copy: string, options: { width?: number; dismissed?: boolean } = {}): HTMLElement {
    sessionStorage.clear();
    if (options.dismissed) sessionStorage.setItem('seen', '1');
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: options.width ?? 1280 });
    document.body.innerHTML = LANGUAGES.map((l) => `<template id="${firstScreenTemplateId(l)}">${copy}</template>`).join('') + `<div id="${FIRST_SCREEN_ID}"></div>`;
    new Function(firstScreenScript({ skipSignedIn: false }))();
    return document.getElementById(FIRST_SCREEN_ID)!;
  }

  it('holds back a form of the copy, so that its fields never go into the address, and marks it for the app', () => {
    const box = paint('<form><input name="account"><button type="submit">go</button></form>');
    const event = new Event('submit', { bubbles: true, cancelable: true });
    box.querySelector('form')!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(box.hasAttribute('data-submitted')).toBe(true);
  });

  it('names a button pressed in the copy on the box, for the app to press its own; not a form\'s submit button nor a dismissible part\'s', () => {
    const box = paint(`<form><button type="submit">go</button></form><button aria-label="Menu"><svg></svg></button><button> Show  </button><div ${DISMISS_ATTRIBUTE}="seen" ${BELOW_ATTRIBUTE}="769"><button>continue</button></div>`, { width: 375 });
    box.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    box.querySelector<HTMLButtonElement>(`[${DISMISS_ATTRIBUTE}] button`)!.click();
    expect(box.hasAttribute('data-pressed')).toBe(false);
    box.querySelector('button[aria-label=Menu] svg')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(box.getAttribute('data-pressed'), 'its aria-label, from a click on what it holds').toBe('Menu');
    box.querySelectorAll('button')[2].click();
    expect(box.getAttribute('data-pressed'), 'else its text').toBe('Show');
  });

  it('shows a dismissible part on narrow windows until it is dismissed, and remembers that for the session', () => {
    const dialog = `<p>page</p><div ${DISMISS_ATTRIBUTE}="seen" ${BELOW_ATTRIBUTE}="769"><button>continue</button></div>`;
    expect(paint(dialog, { width: 1280 }).querySelector(`[${DISMISS_ATTRIBUTE}]`), 'too wide').toBeNull();
    expect(paint(dialog, { width: 375, dismissed: true }).querySelector(`[${DISMISS_ATTRIBUTE}]`), 'dismissed before').toBeNull();
    const box = paint(dialog, { width: 768 });
    expect(box.querySelector(`[${DISMISS_ATTRIBUTE}]`)).not.toBeNull();
    box.querySelector('button')!.click();
    expect(box.querySelector(`[${DISMISS_ATTRIBUTE}]`)).toBeNull();
    expect(box.querySelector('p')?.textContent, 'the page stays').toBe('page');
    expect(sessionStorage.getItem('seen')).toBe('1');
  });
});
