import type { Browser, BrowserContext } from 'playwright-core';
import { throttling as LIGHTHOUSE_THROTTLING } from 'lighthouse/core/config/constants.js';

/**
 * Lighthouse's slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up) as Lighthouse itself applies it
 * over the DevTools protocol: DevTools delays each request rather than each round trip, so
 * Lighthouse turns the 150 ms RTT into 562.5 ms of request latency and takes 90% of the
 * throughputs (its `requestLatencyMs`, `downloadThroughputKbps`, `uploadThroughputKbps`).
 */
const SLOW_4G = LIGHTHOUSE_THROTTLING.mobileSlow4G;
export const NETWORK = {
  offline: false,
  latency: SLOW_4G.requestLatencyMs,
  downloadThroughput: Math.floor((SLOW_4G.downloadThroughputKbps * 1024) / 8),
  uploadThroughput: Math.floor((SLOW_4G.uploadThroughputKbps * 1024) / 8),
};
export const CPU_SLOWDOWN = 6;
export const RENDER_LIMIT_MS = 30_000;

/** A phone's screen: the widths the route walk checks end at 375 px. */
const PHONE = { width: 375, height: 812 };

/** What one cold load came to: when the page's content had rendered (ms after navigation start), and what went wrong. */
export interface LoadResult {
  renderMs: number | null;
  problems: string[];
}

interface Watch {
  renderedAt: number | null;
  failures: string[];
}

const BUSY = '[data-testid="page-loading"], [aria-busy="true"], .chakra-spinner, .chakra-skeleton';
const HEADING = 'h1, h2, [role="heading"]';

/**
 * Runs in the page before its scripts: after each burst of DOM changes, notes any failure text
 * and the first moment the page's own content is there: a heading inside the `<main>` landmark
 * that every frame has (portal shell, visitor shell, page frame, auth layout, device frame,
 * landing page), with no loading mark left anywhere (the route's chunk spinner, `aria-busy`,
 * Chakra's spinners and skeletons). The time is the page's own clock from navigation start.
 * A string, not a function: tsx's transform would name the inner functions with a helper the page lacks.
 */
const WATCH = `(() => {
  if (window !== window.top) return;
  const texts = __TEXTS__;
  const watch = { renderedAt: null, failures: [] };
  window.__slowStart = watch;
  const BUSY = '${BUSY}';
  let scheduled = false;
  window.__slowStartCheck = () => {
    scheduled = false;
    const text = document.body ? document.body.textContent : '';
    for (const t of texts) if (text.includes(t) && !watch.failures.includes(t)) watch.failures.push(t);
    if (watch.renderedAt !== null) return;
    const main = document.querySelector('main');
    const heading = main && main.querySelector('${HEADING}');
    if (heading && heading.textContent.trim() && !document.querySelector(BUSY)) watch.renderedAt = performance.now();
  };
  new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(window.__slowStartCheck, 50);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['aria-busy', 'class'] });
})();`;

export interface ColdLoad {
  browser: Browser;
  /** The page's full URL. */
  url: string;
  lang: 'zh' | 'en';
  /** A logged-in session's cookies and local storage (Playwright's storage state), or none for a visitor. */
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
  failureTexts: string[];
  /** A selector the page must show once rendered. */
  mustShow?: string;
  /** Console errors the load expects (an answer of 404 for a machine that is not the customer's). */
  expectedConsole?: RegExp;
}

/**
 * One cold load on a slow phone: a fresh context (empty cache), the CPU slowed 6x and the network
 * at slow 4G before the navigation, then waits up to 30 s for the page's content. Fails on a
 * failure text, an uncaught page error, a console error, no render, or a missing `mustShow`.
 */
export async function coldLoad(load: ColdLoad): Promise<LoadResult> {
  const context = await load.browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 1,
    locale: load.lang === 'en' ? 'en-US' : 'zh-CN',
    storageState: load.storageState,
  });
  const problems: string[] = [];
  try {
    // The language the load is in, whatever the session stored.
    await context.addInitScript({ content: `localStorage.setItem('lang', ${JSON.stringify(load.lang)});` });
    await context.addInitScript({ content: WATCH.replace('__TEXTS__', JSON.stringify(load.failureTexts)) });
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message.split('\n')[0]}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !load.expectedConsole?.test(message.text())) problems.push(`console error: ${message.text().split('\n')[0]}`);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    const started = Date.now();
    await page.goto(load.url, { waitUntil: 'commit', timeout: RENDER_LIMIT_MS });
    const left = () => Math.max(1, RENDER_LIMIT_MS - (Date.now() - started));
    const watch = () => page.evaluate(() => (window as unknown as { __slowStart: Watch }).__slowStart);
    const rendered = await page
      .waitForFunction(() => {
        const w = (window as unknown as { __slowStart?: Watch }).__slowStart;
        return !!w && (w.renderedAt !== null || w.failures.length > 0);
      }, undefined, { polling: 250, timeout: left() })
      .then(() => true, () => false);
    if (load.mustShow && rendered) {
      await page.locator(load.mustShow).waitFor({ state: 'attached', timeout: left() }).catch(() => problems.push(`${load.mustShow} not shown`));
    }
    // One last look, so a text that came with the last changes is not missed.
    await page.evaluate(() => (window as unknown as { __slowStartCheck: () => void }).__slowStartCheck()).catch(() => {});
    const seen = await watch().catch(() => null);
    for (const text of seen?.failures ?? []) problems.push(`shows "${text}"`);
    if (seen?.renderedAt == null) problems.push(`no render within ${RENDER_LIMIT_MS / 1000} s (${await stateOf(context)})`);
    page.removeAllListeners('pageerror');
    page.removeAllListeners('console');
    return { renderMs: seen?.renderedAt == null ? null : Math.round(seen.renderedAt), problems };
  } catch (error) {
    problems.push(`harness: ${(error as Error).message.split('\n')[0]}`);
    return { renderMs: null, problems };
  } finally {
    await context.close().catch(() => {});
  }
}

/** What a page that did not render shows: where it is, and which of the render signal's parts are missing. */
async function stateOf(context: BrowserContext): Promise<string> {
  const page = context.pages()[0];
  if (!page) return 'no page';
  return page
    .evaluate(({ busySelector, headingSelector }) => {
      const main = document.querySelector('main');
      const busy = document.querySelector(busySelector);
      const busyName = busy ? busy.getAttribute('data-testid') ?? busy.className.toString().split(' ').find((c) => c.startsWith('chakra-')) ?? busy.tagName : null;
      return `at ${location.pathname}; main ${main ? 'yes' : 'no'}; heading ${main?.querySelector(headingSelector) ? 'yes' : 'no'}; busy ${busyName ?? 'no'}`;
    }, { busySelector: BUSY, headingSelector: HEADING })
    .catch((error: Error) => `page not readable: ${error.message.split('\n')[0]}`);
}
