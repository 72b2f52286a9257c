import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../bench/landing-portal';
import { logInAt } from '../../tests/support/chromium';
import type { Login } from '../../tests/support/customers';
import { startE2ePortal } from '../../tests/support/e2e-portal';
import { concreteUrl, MUST_SHOW, roleOf, ROUTE_WALK_NEEDS, routeLoads, type Lang, type Role } from '../../tests/support/route-loads';
import { failureTexts } from './failure-texts';
import { percentile } from './percentile';
import { ROOT } from './portal-child';
import { coldLoad, CPU_SLOWDOWN, NETWORK, type LoadResult } from './slow-load';

/**
 * Start-up on a slow phone (issue 22, item 4; docs/RELIABILITY.md): every route of the route walk
 * (tests/support/route-loads.ts) loaded `loads` times, each a cold load in a fresh browser context,
 * with Chromium's CPU slowed 6x and the network at Lighthouse's slow 4G, half in zh and half in en:
 * public routes as a visitor, customer routes as a customer with a live fleet, staff routes as
 * staff (logged in once; each context starts with that session). A load fails on a load-failure
 * or error text of the app (failure-texts.ts), the router's error page, an uncaught page error, a
 * console error, or no render within 30 s (slow-load.ts). Two pages at a time (the machine has 2
 * cores). Prints a table per route and exits non-zero on any failure.
 *
 *   tsx scripts/faults/slow-start.ts [loads] [--routes=/Login,/policy] [--roles=visitor,customer]
 *
 * `loads` defaults to SLOW_START_LOADS or 20; `--routes` takes loads as route-loads.ts writes them
 * (`{folder}` for the knowledge ids; `/deviceInfo*` for every load that starts so), `--roles` the
 * roles to load.
 */

interface RouteRecord {
  load: string;
  url: string;
  role: Role;
  results: Array<LoadResult & { lang: Lang }>;
}

export interface SlowStartOptions {
  loads: number;
  routes?: readonly string[];
  roles?: readonly Role[];
  /** At most this many pages at once. */
  parallel?: number;
  log?: (line: string) => void;
}

const RUN_NAME = 'slow-start';

/** Console errors a route expects: the device page of a machine that is not the customer's asks, gets 404, and says not found (Chromium logs the 404). */
const EXPECTED_CONSOLE: Record<string, RegExp> = {
  '/deviceInfo/NOPE-1/tube': /Failed to load resource: the server responded with a status of 404/,
};

export async function runSlowStart(options: SlowStartOptions): Promise<RouteRecord[]> {
  const log = options.log ?? (() => {});
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const portal = await startE2ePortal({ [RUN_NAME]: ROUTE_WALK_NEEDS });
  let browser: Browser | null = null;
  try {
    browser = await launchChromium();
    const { customer, staff } = await portal.accountsOf(RUN_NAME);
    const sessions: Record<Role, Awaited<ReturnType<BrowserContext['storageState']>> | undefined> = {
      visitor: undefined,
      customer: await sessionOf(browser, portal.url, customer),
      staff: await sessionOf(browser, portal.url, staff!, /\/app\/(staff|index)/),
    };
    log(`portal at ${portal.url}; customer and staff logged in`);

    // The concrete URL of each load in each language (knowledge folders hold one language), found unthrottled.
    const urls = new Map<string, Record<Lang, string>>();
    for (const lang of ['zh', 'en'] as const) {
      const opened = new Map<Role, Page>();
      const finder = {
        known: new Map<string, string>(),
        urlOf: (appPath: string) => new URL(appPath, portal.url).toString(),
        pageOf: async (role: Role) => {
          const known = opened.get(role);
          if (known) return known;
          const context = await browser!.newContext({ locale: lang === 'en' ? 'en-US' : 'zh-CN', storageState: sessions[role] });
          await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
          const page = await context.newPage();
          opened.set(role, page);
          return page;
        },
      };
      for (const load of routeLoads(customer.fleet)) {
        const url = await concreteUrl(load, finder);
        urls.set(load, { ...(urls.get(load) ?? { zh: url, en: url }), [lang]: url });
      }
      for (const page of opened.values()) await page.context().close();
    }

    const records: RouteRecord[] = [...urls]
      .map(([load, byLang]) => ({ load, url: byLang.en, role: roleOf(byLang.en), results: [] as RouteRecord['results'] }))
      .filter((r) => (!options.routes || options.routes.some((route) => (route.endsWith('*') ? r.load.startsWith(route.slice(0, -1)) : r.load === route))) && (!options.roles || options.roles.includes(r.role)));
    const failures = failureTexts();
    const jobs = records.flatMap((record) => Array.from({ length: options.loads }, (_, i) => ({ record, lang: (i % 2 ? 'en' : 'zh') as Lang })));
    log(`${records.length} routes x ${options.loads} loads = ${jobs.length} cold loads, ${options.parallel ?? 2} at a time`);
    let next = 0;
    let done = 0;
    const started = Date.now();
    const worker = async () => {
      while (next < jobs.length) {
        const { record, lang } = jobs[next++];
        const load = urls.get(record.load)![lang];
        const result = await coldLoad({
          browser: browser!,
          url: new URL(`/app${load}`, portal.url).toString(),
          lang,
          storageState: sessions[record.role],
          failureTexts: failures,
          mustShow: MUST_SHOW[load],
          expectedConsole: EXPECTED_CONSOLE[load],
        });
        record.results.push({ ...result, lang });
        done++;
        if (result.problems.length) log(`FAIL ${load} (${lang}): ${result.problems.join(' | ')}`);
        if (done % 20 === 0 || done === jobs.length) log(`${done}/${jobs.length} loads, ${((Date.now() - started) / 60_000).toFixed(1)} min`);
      }
    };
    await Promise.all(Array.from({ length: options.parallel ?? 2 }, worker));
    return records;
  } finally {
    await browser?.close();
    await portal.stop();
  }
}

/** A logged-in session (cookies and local storage) of an account, logged in on the login page. */
async function sessionOf(browser: Browser, base: string, who: Login, landing?: RegExp) {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await context.newPage();
    await logInAt(page, who, base, landing);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

const ms = (value: number | null) => (value === null ? '-' : (value / 1000).toFixed(1));

/** The per-route table (Markdown, for docs/RELIABILITY.md): loads, failures, median and p95 time to render in seconds. */
export function tableOf(records: readonly RouteRecord[]): string {
  const rows = records.map((r) => {
    const times = r.results.flatMap((x) => (x.renderMs === null ? [] : [x.renderMs]));
    const failed = r.results.filter((x) => x.problems.length).length;
    return `| \`${r.load.startsWith('{') ? `${r.load} ${r.url}` : r.url}\` | ${r.role} | ${r.results.length} | ${failed} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} |`;
  });
  return ['| Route | As | Loads | Failed | Median render (s) | p95 render (s) |', '|---|---|--:|--:|--:|--:|', ...rows].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const args = process.argv.slice(2);
  const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3).split(',').filter(Boolean);
  const loads = Number(args.find((a) => !a.startsWith('--')) ?? process.env.SLOW_START_LOADS ?? 20);
  if (!Number.isInteger(loads) || loads < 1) throw new Error(`loads must be a whole number above 0, not ${loads}`);
  const started = new Date();
  const records = await runSlowStart({ loads, routes: flag('routes'), roles: flag('roles') as Role[] | undefined, log: (line) => console.log(`[slow-start] ${line}`) });
  const minutes = ((Date.now() - started.getTime()) / 60_000).toFixed(1);
  const failed = records.flatMap((r) => r.results.filter((x) => x.problems.length).map((x) => ({ r, x })));
  console.log(
    `\nslow start: ${records.length} routes x ${loads} cold loads, CPU ${CPU_SLOWDOWN}x, ${NETWORK.latency} ms latency, ${Math.round((NETWORK.downloadThroughput * 8) / 1024)}/${Math.round((NETWORK.uploadThroughput * 8) / 1024)} kbps; ` +
      `started ${started.toISOString()}, ${minutes} min, load average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`,
  );
  console.log(tableOf(records));
  for (const { r, x } of failed) console.log(`- ${r.url} (${x.lang}): ${x.problems.join(' | ')}`);
  const out = path.join(ROOT, 'test-output');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'slow-start.json'), JSON.stringify({ started, loads, records }, null, 2));
  console.log(failed.length ? `\n${failed.length} failed loads` : '\nno failed load');
  process.exit(failed.length ? 1 : 0);
}
