import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '../../src/contract/web-session';
import type { Login } from './customers';

// Kept free of vitest, so the fault harnesses under scripts/faults drive Chromium the same way.

/** Debian's Chromium, and the flags every headless run here uses (tests, fault harnesses, benches). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The browser of the tests: Debian's old headless shell (package chromium-headless-shell, the
 * same Blink and V8 without the browser's UI layer; what Playwright itself runs headless) where it
 * is installed, with V8's optimising compilers off. A test page lives for seconds: Turbofan and
 * Maglev compiled for a future that never came. On the 2-core machine, eight page loads with axe
 * and a screenshot each cost 17.5 CPU-s in Chromium, 14.0 in the shell and 10.1 in the shell
 * without them (docs/TESTING.md). The benches keep CHROMIUM_PATH and its compilers: they measure
 * what a person's browser does.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH);

export const TEST_CHROMIUM_FLAGS = [...CHROMIUM_FLAGS, '--js-flags=--no-opt --no-maglev'];

/**
 * Chromium itself, for the tests of what only it has: its PDF viewer (the headless shell saves a
 * PDF that a tab opens, as a browser without a viewer does).
 */
export function launchChromiumWithPdfViewer(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: TEST_CHROMIUM_FLAGS });
}

/** The tests' Chromium driven by playwright-core (no downloaded browser). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: TEST_CHROMIUM_FLAGS });
}

/**
 * Logs in on the login page of the portal at `base` and waits for the page the login lands on (a
 * customer's: the fleet). If the login page does not render, says which errors the page threw.
 */
export async function logInAt(page: Page, who: Login, base: string, landing: RegExp = /\/app\/index\/device$/): Promise<void> {
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(error.message);
  page.on('pageerror', onError);
  await page.goto(new URL('/app/Login', base).toString());
  const account = page.locator('input[name="account"]');
  await account.waitFor().catch((error: unknown) => {
    throw new Error(`the login page did not render; page errors: ${errors.join(' | ') || 'none'}`, { cause: error });
  });
  page.off('pageerror', onError);
  await account.fill(who.account);
  await page.locator('input[name="password"]').fill(who.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(landing);
}

/**
 * Signs in as the login page does, without loading it: the login call in the page's browser context
 * (the session cookie lands in its jar) and what the page keeps (session-store.adapter.ts
 * `saveLogin`: the user without the token, and the id). The page is left on the portal's smallest
 * page (/api/health), for the test to open the page it is about: a stop at the fleet on the way
 * booted a whole live page for nothing. The login page itself, and where it lands, are for the tests
 * about them (`logInAt`: the accounts tests and the first screens).
 */
export async function signInAt(page: Page, who: Login, base: string): Promise<void> {
  // The web app's header (contract/web-session.ts): the server sets the session cookie for its calls only.
  const login = () =>
    page.context().request.post(new URL('/api/Login/UserLogin', base).toString(), {
      data: { Account: who.account, Password: who.password },
      headers: { [WEB_CLIENT_HEADER]: WEB_CLIENT_VALUE },
    });
  let res = await login();
  // A portal that has just started may shed a call while its event loop catches up (503 with
  // Retry-After): a client tries once more when the server says (issue 35 item 14 asks the app to).
  if (res.status() === 503) {
    const seconds = Number(res.headers()['retry-after'] ?? 1);
    await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(seconds, 1), 10) * 1000));
    res = await login();
  }
  const answer = (await res.json()) as { code: number; info: string; ReturnData: { Token: string; UserId: string } };
  if (answer.code !== 200) throw new Error(`login of ${who.account}: ${answer.info}`);
  const { Token: _token, ...user } = answer.ReturnData;
  await page.goto(new URL('/api/health', base).toString());
  await page.evaluate(
    ([user, userId]) => {
      localStorage.setItem('user', user);
      localStorage.setItem('userId', userId);
      localStorage.removeItem('token');
      localStorage.removeItem('isVisitor');
    },
    [JSON.stringify(user), String(user.UserId)],
  );
}

/** The window of a test page at a width: a phone's height below 500 px. */
export const viewportOf = (width: number) => ({ width, height: width < 500 ? 812 : 860 });

/**
 * A fresh context at a width, with the stored language set before any page script runs.
 *
 * A page with a painted first screen starts the app at a person's first move or once it has been
 * idle for 3 s (ADR 0025). The person here moves at once: the app starts as soon as the copy is
 * ready for it, and a test waits for the app, not for 3 s of idleness. `still: true` is a person
 * who does not move (the tests of the idle start and of the copy's own controls).
 */
export async function openPage(browser: Browser, options: { width?: number; lang?: 'zh' | 'en'; still?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const width = options.width ?? 1280;
  const context = await browser.newContext({
    viewport: viewportOf(width),
    deviceScaleFactor: 1,
    locale: options.lang === 'en' ? 'en-US' : 'zh-CN',
  });
  if (options.lang) await context.addInitScript((lang) => localStorage.getItem('lang') ?? localStorage.setItem('lang', lang), options.lang);
  if (!options.still) await context.addInitScript(moveOnceArmed);
  // Playwright's 30 s for an action is a guard too: on a slower machine under the whole suite a
  // login page once took longer to hand over to its app.
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  return { context, page };
}

/**
 * In the page: moves the mouse until the painted copy has handed over to the app (the boot script
 * listens for a move only once the copy has painted; a page without a copy ignores it).
 */
function moveOnceArmed() {
  // Until the hand-over, for as long as a test may wait: on a loaded machine the copy's listener
  // was once armed after 5 s of moves had passed, and a login page then waited for an app that
  // nobody had asked to start (scale-out.test.ts in CI).
  const until = Date.now() + 60_000;
  const move = () => {
    if (!document.getElementById('first-screen')?.firstChild || Date.now() > until) return;
    dispatchEvent(new MouseEvent('mousemove'));
    setTimeout(move, 25);
  };
  addEventListener('DOMContentLoaded', () => setTimeout(move, 0));
}
