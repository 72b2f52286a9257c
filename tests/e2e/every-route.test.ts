import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/ui/shell/routes';
import { openPage, portalUrl } from '../support/browser';
import { roleOf, type Lang, type Role } from '../support/route-loads';
import { LOADS, shapeOf, walkSessions, WALK_PARTS } from '../support/route-walk';

// Issue 23: every route of the route table as a person meets it (tests/support/route-walk.ts, run
// in parts by tests/e2e/every-route-*.test.ts). Here: the parts together load every route of the
// table in both languages (a route added without a load in tests/support/route-loads.ts fails),
// and what the walk's checks cannot see.

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
    const walked = new Set(LOADS.map((load) => patternOf(TABLE, shapeOf(load))));
    expect([...walked].sort()).toEqual([...new Set(leafPatterns(TABLE))].sort());
  });

  it('walks every load in both languages, in exactly one part', () => {
    const parts = Object.values(WALK_PARTS) as Array<{ roles: readonly Role[]; langs: readonly Lang[] }>;
    for (const load of LOADS) {
      for (const lang of ['zh', 'en'] as const) {
        const walking = parts.filter((part) => part.roles.includes(roleOf(shapeOf(load))) && part.langs.includes(lang));
        expect(walking.length, `${load} in ${lang}`).toBe(1);
      }
    }
  });
});

const sessions = walkSessions();
const sessionOf = (role: Role, lang: Lang) => sessions.pageOf(role, lang);

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
    const { context, page } = await openPage(sessions.browser(), { lang: 'en', width: 375 });
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
    await region.waitFor();
    expect(await region.getAttribute('tabindex')).toBe('0');
    await expect.poll(() => page.getByTestId('report-table').getByTestId('scroll-hint').isVisible()).toBe(true);
  });
});
