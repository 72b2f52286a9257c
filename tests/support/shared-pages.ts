import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach } from 'vitest';
import { logIn, openPage, portalUrl } from './browser';
import { viewportOf } from './chromium';
import type { Login } from './customers';
import { LANGUAGE_COOKIE } from '../../src/domain/accounts/language';

/**
 * Pages for the tests of one file that do not change who is signed in: one context and page per
 * person (null: a visitor), signed in once and kept from test to test; a test asks for its language
 * and width, then loads its page with `page.goto`.
 *
 * What it saves is Chromium's work, the suite's largest cost (docs/TESTING.md): a new context, a
 * sign-in and a first load with nothing cached cost 2.9 CPU-s on a 2-core machine of this kind,
 * a load in a page that has loaded the app before 0.9.
 *
 * A test that logs in or out, or that must meet the app as a first visit does (the painted first
 * screens, the dialogs a person dismisses once), opens its own context with `openPage`. A test on
 * a shared page leaves it as it likes: after each test the tabs it opened close, as its own
 * context's would have, and the page rests on the portal's smallest page (a live page left open
 * kept rendering its machine's values through the file's other tests).
 *
 * The route walk keeps pages of its own (`walkSessions` in route-walk.ts): one per role and
 * language, since it moves from route to route by the app's router, which does not read the
 * stored language again; here each test loads its page, so one page serves both languages.
 */
export function sharedPages(browser: () => Browser) {
  const pages = new Map<string, Page>();
  afterEach(async () => {
    for (const page of pages.values()) {
      if (page.isClosed()) continue;
      for (const other of page.context().pages()) if (other !== page) await other.close();
      // A page this test did not use is resting already.
      if (page.url() !== portalUrl('/api/health')) await page.goto(portalUrl('/api/health')).catch(() => {});
    }
  });
  afterAll(async () => {
    for (const page of pages.values()) await page.context().close().catch(() => {});
  });
  return {
    async page(who: Login | null, lang: 'zh' | 'en', width = 1280): Promise<Page> {
      const key = who?.account ?? '';
      const known = pages.get(key);
      if (known && !known.isClosed()) {
        await known.setViewportSize(viewportOf(width));
        // The app reads the stored language when it starts: the test's next load speaks this one.
        // Stored as the app's storage stores it, with its cookie (the server paints that language).
        await known.evaluate(({ l, cookie }) => {
          localStorage.setItem('lang', l);
          document.cookie = `${cookie}=${l}; Path=/; SameSite=Lax`;
        }, { l: lang, cookie: LANGUAGE_COOKIE });
        return known;
      }
      const { page } = await openPage(browser(), { lang, width });
      // On the portal's origin, whose storage keeps the language: signing in leaves the page there.
      if (who) await logIn(page, who);
      else await page.goto(portalUrl('/api/health'));
      pages.set(key, page);
      return page;
    },
  };
}
