import type { Page } from 'playwright-core';
import { isPublicPath } from '../../src/domain/accounts/route-guard';
import type { E2eNeeds, FleetMachine } from './customers';

// Kept free of vitest: the route walk (tests/e2e/every-route.test.ts) and the slow-start harness
// (scripts/faults/slow-start.ts) load the same list, so a route added to one is loaded by both.
// every-route.test.ts checks the list against the route table itself.

export type Role = 'visitor' | 'customer' | 'staff';
export type Lang = 'zh' | 'en';

/** What the customer and staff of a walk need: a live fleet with history and files, and a staff account. */
export const ROUTE_WALK_NEEDS = { staff: true, fleet: { live: true, history: true, randomFiles: true } } satisfies E2eNeeds;

/** Who opens a route: staff pages as staff, the public list (spec 1's guard) as a visitor, the rest as the customer. */
export const roleOf = (url: string): Role => (/^\/staff(\/|$)/i.test(url) ? 'staff' : isPublicPath(url.split('?')[0]) ? 'visitor' : 'customer');

/**
 * One concrete load for every route of the table, for a customer whose fleet has a tube (series T)
 * and a sheet machine (series G). Ids of knowledge pages are read from the pages that link to them
 * (`{segment}`, LINKED_FROM), as a person arrives there.
 */
export function routeLoads(fleet: readonly FleetMachine[]): string[] {
  const tube = fleet.find((m) => m.seriesName === 'T')!.orderNumber;
  const sheet = fleet.find((m) => m.seriesName === 'G')!.orderNumber;
  return [
    '/',
    '/Login',
    '/Register',
    '/Information',
    '/index',
    '/index/device',
    '/index/task',
    '/index/software',
    '/index/cam',
    '/index/knowledge',
    '/index/use',
    '/index/repair',
    '/index/maintenance',
    '/index/file',
    '/index/LaserGpt',
    '/index/gpt',
    '/index/no-such-section',
    '/visitor',
    '/visitor/software',
    '/visitor/knowledge',
    '/visitor/download',
    '/visitor/no-such-tab',
    '/usercenter',
    '/notifications',
    '/company',
    // An invitation's link as a visitor opens it (a spent code is said so once pressed: tests/e2e/companies.test.ts).
    '/invitation?code=not-a-real-code',
    '{folder}',
    '{article}',
    '{guideArticle}',
    '{selfArticle}',
    '{softwareDown}',
    '/download2',
    '/guide',
    '/random',
    '/self',
    '/Summary',
    '/Stock',
    '/maintain',
    '/click',
    '/fault/E203',
    `/deviceInfo/${tube}/tube`,
    '/deviceInfo/NOPE-1/tube',
    `/deviceInfoWs/${sheet}/sheet`,
    // A label of no machine (a good one opens a machine's page: tests/e2e/devices.test.ts).
    '/m/0.0.AAAAAAAAAAAAAAAAAAAAAA',
    '/bodorplus/true',
    '/bodornest/true',
    '/bodornesttube/true',
    '/nestdown1.0/true',
    '/bodornest1.5/true',
    '/test',
    '/service',
    '/camReport',
    '/userReport',
    '/nestvideo',
    '/standards',
    '/policy',
    '/dr',
    '/staff',
    '/staff/registrations',
    '/staff/audit',
    '/staff/leads',
    '/staff/downloads',
    '/staff/knowledge',
    '/staff/questions',
    '/staff/registry',
    '/staff/releases',
    '/staff/videos',
    '/staff/work-orders',
    '/staff/companies',
    '{staff/companies}',
    '/staff/deliveries',
    '/no-such-page',
  ];
}

/** What a load must show besides passing the checks: a selector that is there. */
export const MUST_SHOW: Readonly<Record<string, string>> = {
  // Not the customer's machine: a not-found page, not a zeroed dashboard.
  '/deviceInfo/NOPE-1/tube': '[data-testid="device-not-found"]',
  '/m/0.0.AAAAAAAAAAAAAAAAAAAAAA': '[data-testid="label-scan"][data-state="unknown"]',
  '/invitation?code=not-a-real-code': '[data-testid="invitation-login"]',
  '/company': '[data-testid="company-page"]',
  // The connection test, done, every check passed (the login, /mqtt and /ws/data reached): ADR 0031.
  '/test': '[data-testid="connection-test"][data-status="passed"]',
};

/** Where a person finds the link to a knowledge page with real ids: page, and the route's first segment. */
export const LINKED_FROM: Readonly<Record<string, { role: Role; from: string; shape: string }>> = {
  folder: { role: 'visitor', from: '/visitor/knowledge', shape: '/folder/1' },
  article: { role: 'visitor', from: '{folder}', shape: '/article/1/2' },
  guideArticle: { role: 'customer', from: '/guide', shape: '/guideArticle/1/2' },
  selfArticle: { role: 'customer', from: '/self', shape: '/selfArticle/1/2' },
  softwareDown: { role: 'visitor', from: '/visitor/download', shape: '/softwareDown/1/2/true' },
  // A company's page in the staff console, opened from the companies tab's list.
  'staff/companies': { role: 'staff', from: '/staff/companies', shape: '/staff/companies/x' },
};

/** How a walk opens pages to find linked ids: a page of a role, and the portal's URL of an app path. */
export interface LinkFinder {
  pageOf(role: Role): Promise<Page>;
  urlOf(appPath: string): string;
  /** Ids found so far, by load (`{folder}`): one language's (knowledge folders hold one language). */
  known: Map<string, string>;
}

/** A load's concrete path: itself, or for a knowledge route the first link to it on the page a person comes from. */
export async function concreteUrl(load: string, finder: LinkFinder): Promise<string> {
  if (!load.startsWith('{')) return load;
  const known = finder.known.get(load);
  if (known) return known;
  const segment = load.slice(1, -1);
  const { role, from } = LINKED_FROM[segment];
  const page = await finder.pageOf(role);
  await page.goto(finder.urlOf(`/app${await concreteUrl(from, finder)}`));
  const link = page.locator(`a[href*="/app/${segment}/"]`).first();
  await link.waitFor({ state: 'attached' });
  const href = new URL((await link.getAttribute('href'))!, page.url()).pathname.replace(/^\/app/, '');
  finder.known.set(load, href);
  return href;
}
