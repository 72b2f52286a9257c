import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { matchRoutes, type RouteObject } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/ui/shell/routes';
import { accountsOf, launchBrowser, logIn, openPage, portalUrl, SCREENS_DIR, staffOf } from '../support/browser';
import { languageLeaks, type LanguageLeak } from '../support/language-parity';
import { concreteUrl as findConcreteUrl, LINKED_FROM, MUST_SHOW, roleOf, routeLoads, type Lang, type Role } from '../support/route-loads';

// Issue 23: every route of the route table as a person meets it, in both languages at 1280 and
// 375 px: public routes as a visitor, customer routes as a customer with a live fleet, staff
// routes as staff. Each load runs axe-core (WCAG 2.2 A/AA; serious and critical fail), checks that
// the page speaks one language, and leaves a screenshot in test-output/screens/routes/ to look at.
// The list of loads (tests/support/route-loads.ts, shared with scripts/faults/slow-start.ts) is
// checked against the route table itself: a route added without a load there fails here.

const CUSTOMER = accountsOf('every-route').customer;
const STAFF = staffOf('every-route');

const WIDTHS = [1280, 375] as const;
const LANGS: Lang[] = ['zh', 'en'];

const LOADS = routeLoads(CUSTOMER.fleet);

/** Every leaf of the route table as its full pattern ("/index/:section", "/folder/:id"). */
function leafPatterns(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const here = route.index ? parent : route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    return route.children?.length ? leafPatterns(route.children, here) : [here || '/'];
  });
}

/** The pattern of the leaf route a URL opens, as react-router matches it. */
function patternOf(routes: RouteObject[], url: string): string {
  const matches = matchRoutes(routes, url) ?? [];
  const leaf = matches.at(-1);
  if (!leaf) return '(none)';
  const joined = matches.map((m) => (m.route.index ? '' : (m.route.path ?? ''))).filter(Boolean).join('/');
  return `/${joined}`.replace(/\/+/g, '/');
}

const TABLE = appRoutes({ hasToken: () => false });

describe('the walk covers the route table', () => {
  it('has a load for every route of the table, and no load outside it', () => {
    const concrete = LOADS.map((l) => (l.startsWith('{') ? LINKED_FROM[l.slice(1, -1)].shape : l));
    const walked = new Set(concrete.map((url) => patternOf(TABLE, url)));
    expect([...walked].sort()).toEqual([...new Set(leafPatterns(TABLE))].sort());
  });
});

// ---- the walk ----

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const ROUTE_SCREENS = path.join(SCREENS_DIR, 'routes');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

let browser: Browser;
const sessions = new Map<string, { context: BrowserContext; page: Page }>();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  if (timings.length) {
    const total = timings.reduce((sum, t) => sum + t.ms, 0);
    const slowest = [...timings].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(`every-route: ${timings.length} loads in ${(total / 1000).toFixed(1)} s; slowest ${slowest.map((t) => `${t.load} ${t.ms} ms`).join(', ')}`);
  }
  for (const { context } of sessions.values()) await context.close().catch(() => {});
  await browser?.close();
});

/** One page per role and language, reused across routes and widths (logging in once). */
async function sessionOf(role: Role, lang: Lang): Promise<Page> {
  const key = `${role}-${lang}`;
  const known = sessions.get(key);
  if (known) return known.page;
  const opened = await openPage(browser, { lang, width: 1280 });
  if (role === 'customer') await logIn(opened.page, CUSTOMER);
  if (role === 'staff') await logIn(opened.page, STAFF, { landing: /\/app\/(staff|index)/ });
  sessions.set(key, opened);
  return opened.page;
}

/** Waits until the page has drawn its content: chunk loaded, no spinner, the network quiet for a moment. */
async function settled(page: Page): Promise<void> {
  // A painted first screen (ADR 0008, 0023, 0026) stays until the app has started, which a
  // person's first move does (ADR 0025), and has its data: the walk checks the app's page.
  await page.mouse.move(2, 2);
  await page.waitForFunction(() => !document.getElementById('first-screen')?.firstChild, undefined, { timeout: 10_000 }).catch(() => {});
  // Live pages never go quiet (MQTT, polling): a short cap, then the page's own loading marks.
  await page.waitForLoadState('networkidle', { timeout: 2_500 }).catch(() => {});
  await page
    .waitForFunction(() => !document.querySelector('[data-testid="page-loading"], [aria-busy="true"], .chakra-spinner, .chakra-skeleton'), undefined, { timeout: 8_000 })
    .catch(() => {});
  await page.evaluate(() => document.fonts.ready);
}

/** A knowledge route with real ids: the first link to it on the page a person comes from (one language's ids). */
const found: Record<Lang, Map<string, string>> = { zh: new Map(), en: new Map() };
const concreteUrl = (load: string, lang: Lang) => findConcreteUrl(load, { pageOf: (role) => sessionOf(role, lang), urlOf: portalUrl, known: found[lang] });

interface LoadReport {
  violations: AxeViolation[];
  leaks: LanguageLeak[];
  /** What a person meets that neither axe nor the parity check sees. */
  other: string[];
}

const timings: Array<{ load: string; ms: number }> = [];

async function walk(page: Page, url: string, lang: Lang, width: number): Promise<LoadReport> {
  const started = Date.now();
  await page.setViewportSize({ width, height: width < 500 ? 812 : 860 });
  await page.goto(portalUrl(`/app${url}`));
  await settled(page);
  const mustShow = MUST_SHOW[url];
  if (mustShow) await page.locator(mustShow).waitFor({ timeout: 10_000 });
  const name = `${url.replace(/^\//, '').replace(/[^A-Za-z0-9.]+/g, '_') || 'landing'}-${lang}-${width}`;
  await page.screenshot({ path: path.join(ROUTE_SCREENS, `${name}.png`), fullPage: true });
  // Evaluated over the DevTools protocol: the portal's CSP refuses inline scripts (addScriptTag).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4).map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, AXE_TAGS);
  const leaks = await languageLeaks(page, lang);
  const other: string[] = [];
  // Raw transport errors are not for people to read.
  const raw = await page.locator('body').innerText();
  if (/Subscribe error|Unspecified error/.test(raw)) other.push('a raw transport error on the page');
  // A page wider than the phone scrolls sideways as a whole: something does not wrap or shrink.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) other.push(`the page is ${overflow} px wider than the screen`);
  timings.push({ load: `${url} ${lang} ${width}`, ms: Date.now() - started });
  return { violations, leaks, other };
}

const describeLoad = (report: LoadReport) => [
  ...report.violations.map((v) => `axe ${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
  ...report.leaks.map((l) => `language: "${l.text}" in ${l.where}`),
  ...report.other,
];

for (const lang of LANGS) {
  describe(`every route in ${lang}`, () => {
    for (const load of LOADS) {
      it(`${load} at 1280 and 375 px`, async () => {
        const url = await concreteUrl(load, lang);
        const page = await sessionOf(roleOf(url), lang);
        const problems: string[] = [];
        for (const width of WIDTHS) {
          const report = await walk(page, url, lang, width);
          problems.push(...describeLoad(report).map((p) => `${width}px ${p}`));
        }
        expect(problems, `${url} (${roleOf(url)}, ${lang})`).toEqual([]);
      });
    }
  });
}

// ---- what the walk's checks cannot see: keyboard and phone behaviour of the frames ----

describe('a person on a phone or a keyboard can see where they are and get back', () => {
  it('the first Tab stop skips to the main content', async () => {
    const page = await sessionOf('customer', 'en');
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(portalUrl('/app/index/device'));
    await page.getByTestId('fleet-tile').first().waitFor();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('skip-link');
    expect(await page.getByTestId('skip-link').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    // The next stop is inside the page, not the header's thirteen.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  });

  it('at 375 px the current section is in view in the section strip, which says it scrolls, under a header clear of the top edge', async () => {
    const page = await sessionOf('customer', 'zh');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(portalUrl('/app/index/LaserGpt'));
    const current = page.locator('nav [aria-current="page"]');
    await current.waitFor();
    await expect.poll(async () => {
      const box = (await current.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 375;
    }).toBe(true);
    // Scrolled to the end there are sections before it: the strip fades on that side.
    expect(await page.locator('nav[data-more-before]').count()).toBe(1);
    await page.goto(portalUrl('/app/index/device'));
    await page.getByTestId('fleet-tile').first().waitFor();
    expect(await page.locator('nav[data-more-after]').count()).toBe(1);
    const brandTop = (await page.locator('header a').first().boundingBox())!.y;
    expect(brandTop).toBeGreaterThanOrEqual(6);
  });

  it('the mobile-app dialog on /visitor/* is not shown again once dismissed', async () => {
    const { context, page } = await openPage(browser, { lang: 'en', width: 375 });
    await page.goto(portalUrl('/app/visitor/software'));
    const dialog = page.getByTestId('mobile-app-dialog');
    await dialog.waitFor();
    await dialog.getByRole('button').first().click();
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    await page.goto(portalUrl('/app/visitor/knowledge'));
    await page.locator('[data-tab="knowledge"][aria-selected="true"]').waitFor();
    await page.waitForTimeout(500);
    expect(await dialog.isVisible()).toBe(false);
    await context.close();
  });

  it('report tables on a phone say they scroll sideways and take keyboard focus', async () => {
    const page = await sessionOf('customer', 'en');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(portalUrl('/app/index/task'));
    const region = page.getByTestId('report-table').getByRole('region');
    await region.waitFor({ timeout: 15_000 });
    expect(await region.getAttribute('tabindex')).toBe('0');
    await expect.poll(() => page.getByTestId('report-table').getByTestId('scroll-hint').isVisible()).toBe(true);
  });
});
