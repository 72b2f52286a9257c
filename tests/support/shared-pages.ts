import type { Browser, Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { logIn, openPage, portalUrl } from './browser';
import { viewportOf } from './chromium';
import type { Login } from './customers';

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
 * screens, the dialogs a person dismisses once), opens its own context with `openPage`; so does a
 * test that changes the person's language or session in the app. A test on a shared page leaves it
 * open: the next test's load starts the app afresh.
 */
export function sharedPages(browser: () => Browser) {
  const pages = new Map<string, Page>();
  afterAll(async () => {
    for (const page of pages.values()) await page.context().close().catch(() => {});
  });
  return {
    async page(who: Login | null, lang: 'zh' | 'en', width = 1280): Promise<Page> {
      const key = who?.account ?? '';
      let page = pages.get(key);
      if (page?.isClosed()) page = undefined;
      if (!page) {
        ({ page } = await openPage(browser(), { lang, width }));
        // The visitor's page starts on the portal too, where its language is kept (below).
        if (who) await logIn(page, who);
        else await page.goto(portalUrl('/api/health'));
        pages.set(key, page);
        return page;
      }
      await page.setViewportSize(viewportOf(width));
      // The app reads the stored language when it starts: the test's next load speaks this one.
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      return page;
    },
  };
}
