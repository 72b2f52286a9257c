import { pageTitleOf } from '../../src/ui/shell/page-titles';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, portalUrl, screenshot } from '../support/browser';
import { holdAppScripts, recorded, recordPaints } from '../support/first-screen-page';

// The pages whose first screen is HTML from the build (docs/adr/0008-landing-first-screen.md, 0023):
// the landing page, the login page and the visitors' software tab paint in the visitor's language
// before any script of the app has run, then the app takes over in one frame, without a layout shift.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface FirstScreenPage {
  url: string;
  heading: Record<'zh' | 'en', string>;
  /** An element only the app renders (the copy carries no test ids): it has taken over. */
  app: string;
}

const PAGES: FirstScreenPage[] = [
  { url: '/app/', heading: { zh: '每一台设备、每一次切割', en: 'Every machine, every cut' }, app: 'contact-form' },
  { url: '/app/Login', heading: { zh: '欢迎登录', en: 'Sign in' }, app: 'login-submit' },
  { url: '/app/visitor/software', heading: { zh: '软件下载', en: 'Software downloads' }, app: 'software-cards' },
];

const name = (url: string) => url.replace(/^\/app\/?/, '').replace(/\W+/g, '-') || 'landing';

describe('a first screen from the build', () => {
  for (const { url, heading, app } of PAGES) {
    for (const lang of ['zh', 'en'] as const) {
      it(`${url} paints in ${lang} before its scripts run, then hands over to the app without a shift`, async () => {
        for (const width of [375, 1280]) {
          const { context, page } = await openPage(browser, { lang, width });
          // No script of the app: what shows is the server's page alone.
          await page.route('**/app/assets/**/*.js', (route) => route.abort());
          await page.goto(portalUrl(url));
          expect(await page.locator('#first-screen h1').textContent()).toContain(heading[lang]);
          expect(await page.locator('#first-screen h1').isVisible()).toBe(true);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang === 'zh' ? 'zh-CN' : 'en');
          // The tab names the page in its language before any script of the app (issue 35 item 5).
          expect(await page.title()).toBe(pageTitleOf(url.replace(/^\/app/, '').replace(/\/$/, '') || '/', lang, 'Laser'));
          // On phones the visitor pages offer the mobile app, with its QR code, from the first paint.
          const dialog = page.locator('#first-screen [role=dialog]');
          const offersApp = url.includes('visitor') && width < 769;
          expect(await dialog.count()).toBe(offersApp ? 1 : 0);
          if (offersApp) await expect.poll(() => dialog.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
          await screenshot(page, `first-screen-${name(url)}-${lang}-${width}-before-app`);

          const live = await context.newPage();
          await recordPaints(live);
          await live.goto(portalUrl(url));
          await live.getByTestId(app).waitFor();
          expect(await live.locator('#first-screen').count(), 'the copy is gone').toBe(0);
          expect(await live.locator('h1').first().textContent()).toContain(heading[lang]);
          if (offersApp) await live.getByTestId('mobile-app-dialog').waitFor();
          const { shifts, paints, handover } = await recorded(live);
          expect(shifts, 'layout shifts').toEqual([]);
          // The largest paint is the copy's, before the app took over (on phones the QR code, at its full size at
          // once); on the landing page the sections below the first screen come later, and may be larger.
          expect(handover, 'the handover was seen').not.toBeNull();
          if (url !== '/app/') expect(paints.at(-1)!.at, `${width} px: largest paints ${JSON.stringify(paints)}, handover at ${handover}`).toBeLessThan(handover!);
          if (offersApp) expect(paints.at(-1)!.url).toMatch(new RegExp(`/app/mini-program-qr/${lang}\\.svg$`));
          await screenshot(live, `first-screen-${name(url)}-${lang}-${width}-app`);
          await context.close();
        }
      });
    }
  }

  it('a link with ?lan=zh paints, names and stores Chinese before the app runs, on an English browser', async () => {
    const { context, page } = await openPage(browser, { lang: 'en', width: 375 });
    await page.route('**/app/assets/**/*.js', (route) => route.abort());
    await page.goto(portalUrl('/app/Login?lan=zh'));
    expect(await page.locator('#first-screen h1').textContent()).toContain('欢迎登录');
    expect(await page.title()).toBe(pageTitleOf('/login', 'zh', 'Laser'));
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('zh');
    await context.close();
  });

  it("every page carries Chakra's global CSS from the build once, and the app writes none of it again (ADR 0024)", async () => {
    const { context, page } = await openPage(browser, { lang: 'en' });
    // A page with a first screen and one without.
    for (const [url, app] of [['/app/Login', 'login-submit'], ['/app/Register', 'register-submit']]) {
      await page.goto(portalUrl(url));
      await page.getByTestId(app).waitFor();
      const globals = await page.evaluate(() =>
        [...document.querySelectorAll('style')].filter((style) => style.textContent!.includes('--chakra-colors-blue-600:')).map((style) => style.hasAttribute('data-portal-global-css')),
      );
      expect(globals, `${url}: the token variables' style elements, whether from the build`).toEqual([true]);
      // And they style the page: the body takes the reset's margin and the tokens' font.
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Inter/);
    }
    await context.close();
  });

  it('login: what was typed and sent before the app ran goes on in the app, and never into the address', async () => {
    const { context, page } = await openPage(browser, { lang: 'en', width: 375 });
    // The app's scripts wait until the visitor has typed.
    const release = await holdAppScripts(page);
    // Not until `load`: the held scripts keep it back.
    await page.goto(portalUrl('/app/Login'), { waitUntil: 'domcontentloaded' });
    await page.locator('#first-screen input[name=account]').fill('nobody@example.com');
    await page.locator('#first-screen input[name=password]').fill('not-the-password');
    await page.locator('#first-screen input[name=password]').press('Enter');
    expect(page.url()).toBe(portalUrl('/app/Login'));
    release();
    // The app sends it: the server's refusal shows, the fields keep what was typed.
    await page.getByTestId('login-error').waitFor();
    expect(await page.locator('input[name=account]').inputValue()).toBe('nobody@example.com');
    expect(await page.locator('#first-screen').count()).toBe(0);
    expect(page.url()).toBe(portalUrl('/app/Login'));
    await context.close();
  });

  it('the app starts once the page has been idle for 3 s after its paint, or at once on intent; a button pressed in the copy is pressed in the app (ADR 0025)', async () => {
    const { context, page } = await openPage(browser, { lang: 'en', width: 375, still: true });
    // When the page painted and when the boot script started the app's entry.
    await context.addInitScript(() => {
      const w = window as unknown as { boot: { painted: number | null; started: number | null } };
      w.boot = { painted: null, started: null };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntriesByName('first-contentful-paint')) w.boot.painted = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
      new MutationObserver((_, observer) => {
        if (document.querySelector('script[type=module]')) {
          w.boot.started = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const boot = () => page.evaluate(() => (window as unknown as { boot: { painted: number | null; started: number | null } }).boot);

    // Nobody touches the page: the app's files are fetched at the paint, and run 3 s later.
    await page.goto(portalUrl('/app/'));
    await page.getByTestId('contact-form').waitFor();
    const idle = await boot();
    expect(idle.started! - idle.painted!, `idle start ${JSON.stringify(idle)}`).toBeGreaterThanOrEqual(3000);
    const prefetched = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=prefetch]')].map((l) => new URL(l.href).pathname));
    expect(prefetched.some((file) => /\/app\/assets\/index-[\w-]+\.js$/.test(file)), `prefetched ${prefetched.join(', ')}`).toBe(true);

    // A tap on the copy's menu button starts the app at once, and the app opens its menu.
    await page.goto(portalUrl('/app/'));
    await page.locator('#first-screen button[aria-label="Menu"]').click();
    await page.getByRole('menu').waitFor({ state: 'visible' });
    const tapped = await boot();
    expect(tapped.started! - tapped.painted!, `start on the tap ${JSON.stringify(tapped)}`).toBeLessThan(3000);
    expect(await page.locator('#first-screen').count()).toBe(0);

    // On the login page, a pressed button of the copy (show the password) is pressed in the app,
    // however long the app's scripts take to come.
    const release = await holdAppScripts(page);
    await page.goto(portalUrl('/app/Login'), { waitUntil: 'domcontentloaded' });
    await page.locator('#first-screen input[name=password]').fill('secret-1');
    await page.locator('#first-screen button[aria-label="Show password"]').click();
    release();
    await page.getByTestId('login-submit').waitFor();
    await expect.poll(() => page.locator('input[name=password]').getAttribute('type')).toBe('text');
    expect(await page.locator('input[name=password]').inputValue()).toBe('secret-1');
    await context.close();
  });

  it('a link of the copy that had the keyboard focus hands it to the same link of the app', async () => {
    const { context, page } = await openPage(browser, { lang: 'en', width: 1280 });
    const release = await holdAppScripts(page);
    await page.goto(portalUrl('/app/'), { waitUntil: 'domcontentloaded' });
    const copyLink = page.locator('#first-screen a', { hasText: 'Log in' }).first();
    await copyLink.focus();
    const href = await copyLink.getAttribute('href');
    release();
    await page.getByTestId('contact-form').waitFor();
    expect(await page.locator('#first-screen').count()).toBe(0);
    expect(await page.evaluate(() => [document.activeElement?.tagName, document.activeElement?.textContent?.trim(), document.activeElement?.getAttribute('href')])).toEqual(['A', 'Log in', href]);
    await context.close();
  });

  it('a signed-in visitor gets no copy on the landing and login pages, whose first screens differ for them', async () => {
    const { context, page } = await openPage(browser, { lang: 'en', width: 375 });
    await context.addInitScript(() => localStorage.setItem('userId', 'u-1'));
    await page.route('**/app/assets/**/*.js', (route) => route.abort());
    for (const url of ['/app/', '/app/Login']) {
      await page.goto(portalUrl(url));
      expect(await page.locator('#first-screen > *').count(), url).toBe(0);
    }
    // The visitor pages look the same to everyone.
    await page.goto(portalUrl('/app/visitor/software'));
    expect(await page.locator('#first-screen h1').textContent()).toContain('Software downloads');
    await context.close();
  });

  it('the mobile-app dialog dismissed in the copy stays dismissed once the app runs, and on the next load', async () => {
    const { context, page } = await openPage(browser, { lang: 'zh', width: 375 });
    const release = await holdAppScripts(page);
    await page.goto(portalUrl('/app/visitor/software'), { waitUntil: 'domcontentloaded' });
    await page.locator('#first-screen [role=dialog] button', { hasText: '继续使用网页版' }).click();
    expect(await page.locator('#first-screen [role=dialog]').count()).toBe(0);
    release();
    await page.getByTestId('software-cards').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('mobile-app-dialog').count()).toBe(0);
    await page.reload();
    await page.getByTestId('software-cards').waitFor();
    expect(await page.locator('#first-screen [role=dialog]').count()).toBe(0);
    expect(await page.getByTestId('mobile-app-dialog').count()).toBe(0);
    await context.close();
  });
});
