import { pageTitleOf } from '../../src/ui/shell/page-titles';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsOf, launchBrowser, logIn, openPage, portalUrl, screenshot } from '../support/browser';
import { holdAppScripts, recorded, recordPaints } from '../support/first-screen-page';

// The fleet and the task page painted on the server with the caller's data (docs/adr/0026): the
// customer's machines and reports are on the screen before any script of the app has run, in the
// page's language, times in the browser's zone; the app then takes over from the answers the page
// carries (it asks the server for none of them again), in one frame, without a layout shift.

const CUSTOMER = (await accountsOf('personal-first-screens')).customer;
const FIRST = CUSTOMER.fleet[0];
const TUBE = CUSTOMER.fleet.find((m) => m.seriesName === 'T')!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A signed-in customer's page at a width, in a language. */
async function signedIn(lang: 'zh' | 'en', width: number) {
  const opened = await openPage(browser, { lang, width });
  await logIn(opened.page, CUSTOMER);
  return opened;
}

/** The calls a page makes, by path. */
function callsOf(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const match = /\/api\/(.+)$/.exec(new URL(request.url()).pathname);
    if (match) calls.push(match[1]);
  });
  return calls;
}

const PAGES = [
  {
    url: '/app/index/device',
    heading: { zh: '我的设备', en: 'My devices' },
    // The app's own element (the copy carries no test ids).
    app: 'fleet-tile',
    painted: (page: Page) => page.locator('#first-screen article').first().textContent(),
    expected: FIRST.name,
    // What the page was painted from: the app takes these answers instead of asking.
    calls: ['Machine/GetMyMachine', 'Maintenance/MMachineList'],
  },
  {
    url: '/app/index/task',
    heading: { zh: '任务与报表', en: 'Tasks and reports' },
    app: 'report-table',
    painted: (page: Page) => page.locator('#first-screen select[name=machine] option:checked').textContent(),
    expected: FIRST.orderNumber,
    calls: ['Machine/GetMyMachine', 'Machine/GetMachineReport', 'Machine/GetProcessingTimes'],
  },
];

describe("a page painted with the caller's data", () => {
  for (const { url, heading, app, painted, expected, calls } of PAGES) {
    for (const [lang, width] of [['zh', 375], ['en', 1280]] as const) {
      it(`${url} paints the customer's own data in ${lang} at ${width} px before any script, then the app takes over from its answers without a shift`, async () => {
        const { context, page } = await signedIn(lang, width);
        // No script of the app: what shows is the server's page alone.
        await page.route('**/app/assets/**/*.js', (route) => route.abort());
        await page.goto(portalUrl(url));
        expect(await page.locator('#first-screen h1').textContent()).toContain(heading[lang]);
        expect(await painted(page)).toContain(expected);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang === 'zh' ? 'zh-CN' : 'en');
        // The tab names the page in its language before any script of the app (issue 35 item 5).
        expect(await page.title()).toBe(pageTitleOf(url.replace(/^\/app/, ''), lang, 'Laser'));
        // Times are the browser's, as the app writes them (the server does not know the zone).
        const times = await page.locator('#first-screen time[data-local-time]').evaluateAll((nodes, locale) =>
          nodes.map((node) => [node.textContent, new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(Date.parse(node.getAttribute('datetime')!))]),
        lang === 'zh' ? 'zh-CN' : 'en');
        for (const [shown, local] of times) expect(shown).toBe(local);
        if (url.endsWith('task')) expect(times.length).toBeGreaterThan(0);
        await screenshot(page, `personal-first-screen-${url.split('/').pop()}-${lang}-${width}-before-app`);

        const live = await context.newPage();
        await recordPaints(live);
        const made = callsOf(live);
        await live.goto(portalUrl(url));
        await live.getByTestId(app).first().waitFor();
        await expect.poll(() => live.locator('#first-screen').count(), { message: 'the copy is gone' }).toBe(0);
        const { shifts, paints, handover } = await recorded(live);
        expect(shifts, 'layout shifts').toEqual([]);
        expect(handover, 'the handover was seen').not.toBeNull();
        expect(paints.at(-1)!.at, `largest paints ${JSON.stringify(paints)}, handover at ${handover}`).toBeLessThan(handover!);
        for (const call of calls) expect(made, `the app asked for ${call} again`).not.toContain(call);
        await screenshot(live, `personal-first-screen-${url.split('/').pop()}-${lang}-${width}-app`);
        await context.close();
      });
    }
  }

  it('a machine chosen in the copy before the app ran is the one the app shows', async () => {
    const { context, page } = await signedIn('en', 1280);
    const release = await holdAppScripts(page);
    await page.goto(portalUrl('/app/index/task'), { waitUntil: 'domcontentloaded' });
    await page.locator('#first-screen select[name=machine]').selectOption(TUBE.orderNumber);
    release();
    await expect.poll(() => page.getByTestId('task-machine-facts').getAttribute('data-order-number')).toBe(TUBE.orderNumber);
    expect(await page.locator('#first-screen').count()).toBe(0);
    await context.close();
  });

  it('the fleet is not painted when the customer chose a chip the server cannot see, and never for a browser signed out of the app', async () => {
    const { context, page } = await signedIn('en', 1280);
    await page.route('**/app/assets/**/*.js', (route) => route.abort());
    await page.evaluate(() => localStorage.setItem('series', 'tube'));
    await page.goto(portalUrl('/app/index/device'));
    expect(await page.locator('#first-screen > *').count()).toBe(0);
    await page.evaluate(() => {
      localStorage.removeItem('series');
      localStorage.removeItem('userId');
    });
    await page.goto(portalUrl('/app/index/device'));
    expect(await page.locator('#first-screen > *').count()).toBe(0);
    await context.close();
  });
});
