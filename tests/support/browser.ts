import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { logInAt, openPage, signInAt, TEST_CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './chromium';
import { childPids } from './process-tree-cpu';
import type { E2eAccounts, Login } from './customers';
import type { E2eFile } from './e2e-needs';
import type { E2eWorkerPids, E2eWorkerPortal } from './e2e-pool';

export { openPage };

export const SCREENS_DIR = path.resolve('test-output/screens');

/** This test worker's address at the pool (tests/support/e2e-pool.ts), and what is under it. */
const poolUrl = (rest = '') => `${inject('e2ePool')}/worker/${process.env.VITEST_POOL_ID ?? '1'}${rest}`;

/**
 * This test worker's portal (tests/support/e2e-pool.ts), started for its first e2e file and shared
 * by the files that follow it on this worker. Files with a portal of their own (scale-out,
 * restarts) import ./chromium instead and start none.
 */
const worker: E2eWorkerPortal = await (async () => {
  const res = await fetch(poolUrl());
  if (!res.ok) throw new Error(`the e2e portal of this worker did not start: ${await res.text()}`);
  return (await res.json()) as E2eWorkerPortal;
})();

/** For each test's CPU in this worker's Chromium and portal (tests/setup/e2e-cpu-meta.ts). */
const cpuPids = (globalThis as { e2eWorkerPids?: E2eWorkerPids }).e2eWorkerPids ?? { portal: worker.pid, browser: 0 };
(globalThis as { e2eWorkerPids?: E2eWorkerPids }).e2eWorkerPids = cpuPids;

export const portalUrl = (pathName = '/app/') => new URL(pathName, worker.url).toString();

/**
 * The worker's Chromium, launched by the worker at its first file and kept for the files after it
 * (the e2e workers keep their modules), again if it crashed or was closed. The worker drives it over
 * a pipe: launched in Vitest's main process and reached over a websocket, every protocol message
 * crossed a second process (a third of the main process's CPU, docs/TESTING.md).
 */
let chromiumOfWorker: Promise<Browser> | null = null;
async function workerChromium(): Promise<Browser> {
  const known = await chromiumOfWorker?.catch(() => null);
  if (known?.isConnected()) return known;
  const before = new Set(childPids(process.pid));
  chromiumOfWorker = chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: TEST_CHROMIUM_FLAGS });
  const browser = await chromiumOfWorker;
  cpuPids.browser = childPids(process.pid).find((pid) => !before.has(pid)) ?? 0;
  return browser;
}

/** The worker's Chromium for one file: its `close()` ends the file's contexts and leaves Chromium running for the next file. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await workerChromium();
  return new Proxy(browser, {
    get(target, key) {
      if (key === 'close') return async () => void (await Promise.all(target.contexts().map((context) => context.close().catch(() => {}))));
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A download's bytes, read from its stream. */
export async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The accounts and machines made for one e2e file, no other file's: made by the worker's portal when the file first asks. */
export async function accountsOf(file: E2eFile): Promise<E2eAccounts> {
  const res = await fetch(poolUrl(`/accounts/${file}`));
  if (!res.ok) throw new Error(`the accounts of the ${file} e2e file were not made: ${await res.text()}`);
  return (await res.json()) as E2eAccounts;
}

/**
 * Says the file is done with its accounts' live machines, which then stop publishing (for a file
 * whose accounts no other file uses; its afterAll). They published through the rest of the run.
 */
export async function releaseAccounts(file: E2eFile): Promise<void> {
  const res = await fetch(poolUrl(`/release/${file}`));
  if (!res.ok) throw new Error(`the live machines of the ${file} e2e file did not stop: ${await res.text()}`);
}

/** Fails the first live machine of the file now (for two minutes), as `npm run simulate -- --fail` does; answers its order number. */
export async function failMachineNow(file: E2eFile): Promise<string> {
  const res = await fetch(poolUrl(`/fail/${file}`));
  if (!res.ok) throw new Error(`failing a machine of the ${file} e2e file failed: ${await res.text()}`);
  return (await res.json()) as string;
}

/**
 * Runs a pass of this worker's portal's maintenance reminders that starts after the call (the
 * portal's own, which also check every 5 s) and answers the mails it sent: a test that expects no
 * mail waits for a check, not for time.
 */
export async function checkMaintenanceNow(file: E2eFile): Promise<number> {
  const res = await fetch(poolUrl(`/check-maintenance/${file}`));
  if (!res.ok) throw new Error(`the maintenance check of the ${file} e2e file failed: ${await res.text()}`);
  return Number(await res.text());
}

/** The staff account of an e2e file that asked for one. */
export async function staffOf(file: E2eFile): Promise<Login> {
  const staff = (await accountsOf(file)).staff;
  if (!staff) throw new Error(`the ${file} e2e file has no staff account: ask for one in E2E_NEEDS (tests/support/e2e-needs.ts)`);
  return staff;
}

/** POSTs a call to the portal's API (the worker's unless `base` names another) and answers the envelope. */
export async function api(call: string, body: unknown, token?: string | null, base?: string): Promise<any> {
  const res = await fetch(new URL(`/api/${call}`, base ?? worker.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return res.json();
}

/** A session token for an account, logged in over the API. */
export async function tokenOf(who: Login, base?: string): Promise<string> {
  const answer = await api('Login/UserLogin', { Account: who.account, Password: who.password }, null, base);
  if (answer.code !== 200) throw new Error(`login of ${who.account}: ${answer.info}`);
  return answer.ReturnData.Token;
}

/** Signs in (to the worker's portal unless `base` names another) without the login page; the test then opens its page. */
export function logIn(page: Page, who: Login, options: { base?: string } = {}): Promise<void> {
  return signInAt(page, who, options.base ?? worker.url);
}

/** Logs in on the login page itself, as a person types it, and waits for the page the login lands on. */
export function logInOnPage(page: Page, who: Login, options: { base?: string; landing?: RegExp } = {}): Promise<void> {
  return logInAt(page, who, options.base ?? worker.url, options.landing);
}

/**
 * Saves a full-page screenshot under test-output/screens (or `dir`), to be looked at. JPEG: Chromium
 * encodes a tall PNG in its browser process at a cost the suite felt (the walk's visitor part spent
 * 16 CPU-s there with PNG, 11 with JPEG), and a person reads a JPEG at 80 as well.
 */
export async function screenshot(page: Page, name: string, dir = SCREENS_DIR): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.jpg`);
  await page.screenshot({ path: file, fullPage: true, type: 'jpeg', quality: 80 });
  return file;
}

/**
 * Moves the app to `url` by its own router, as a link does: history.pushState and the popstate
 * react-router listens to. No load: the page keeps its scripts, its styles and what was set in it
 * (a load boots the whole bundle again, 0.9 CPU-s in Chromium against about 0.2).
 */
export async function moveInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
    window.scrollTo(0, 0);
  }, url);
}

/** The newest code the outbox holds for an address, read over HTTP as a user reads their mail. */
export async function codeFromOutbox(address: string): Promise<string> {
  const res = await fetch(portalUrl('/dev/outbox.json'));
  const body = (await res.json()) as { ReturnData: Array<{ to: string; text: string }> };
  const entry = body.ReturnData.find((e) => e.to === address.toLowerCase());
  const code = entry?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${address}`);
  return code;
}

/**
 * Waits until every finite animation and transition on the page has finished: a dialog's
 * entrance, a fade. Endless ones (spinners, pulsing placeholders) are left out: they never end.
 */
export async function animationsSettled(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .every((a) => a.playState === 'finished'),
    undefined,
    { timeout },
  );
}

/** The loading panel of Chromium's own media controls (the spinner over a video that is fetching). */
const VIDEO_LOADING_PANEL = '-internal-media-controls-loading-panel';

/**
 * Waits until no video on the page shows the loading spinner of its controls. The spinner lives
 * in the video's user-agent shadow tree, which page scripts cannot see, so it is read through the
 * DevTools protocol: a panel that is hidden has no box. It fades out after the video has its data.
 */
export async function videoSpinnerGone(page: Page, timeout = 10_000): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  type DomNode = { nodeId: number; attributes?: string[]; children?: DomNode[]; shadowRoots?: DomNode[] };
  const panels = async () => {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const found: number[] = [];
    const walk = (node: DomNode) => {
      const attributes = node.attributes ?? [];
      const pseudo = attributes.indexOf('pseudo');
      if (pseudo >= 0 && pseudo % 2 === 0 && attributes[pseudo + 1] === VIDEO_LOADING_PANEL) found.push(node.nodeId);
      for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) walk(child);
    };
    walk(root);
    return found;
  };
  const shown = async (nodeId: number) =>
    cdp.send('DOM.getBoxModel', { nodeId }).then(
      () => true,
      () => false,
    );
  try {
    await expect
      .poll(
        async () => {
          const found = await panels();
          // None at all would mean Chromium renamed its panel, and this wait would see nothing.
          if (found.length === 0) return 'no loading panel in the video controls';
          return (await Promise.all(found.map(shown))).some(Boolean) ? 'spinner shown' : 'spinner gone';
        },
        { timeout, message: "the video controls' loading spinner has gone" },
      )
      .toBe('spinner gone');
  } finally {
    await cdp.detach().catch(() => {});
  }
}
