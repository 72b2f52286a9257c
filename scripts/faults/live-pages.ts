import type { BrowserContext, Page } from 'playwright-core';

/** A live device page open in Chromium, watched from outside: its live flag over time and every data frame it received. */
export interface WatchedPage {
  name: string;
  page: Page;
  /** The machine the page shows. */
  machine: string;
  /** Order numbers this page's customer owns: a data frame of any other machine is a leak. */
  own: ReadonlySet<string>;
  /** Received data frames (MQTT PUBLISH or the data service's `values`): when, and for which machines. */
  frames: Array<{ at: number; orders: string[] }>;
  /** Order numbers of other customers' machines seen in a frame. */
  foreign: string[];
  /** The page's websockets (the data socket or MQTT): when each opened and closed, what it last sent and received. */
  sockets: SocketTrace[];
  /** The page's `data-live` changes (Date.now() in the page), read from the page. */
  transitions(): Promise<Array<{ at: number; live: boolean }>>;
  close(): Promise<void>;
}

/** One websocket of a page, as Chromium reported it: for a page that does not come back, what its socket did. */
export interface SocketTrace {
  path: string;
  openedAt: number;
  closedAt: number | null;
  sent: number;
  lastSentAt: number | null;
  /** The last frame received that carried no values (ready, a server-message, an error), and when. */
  lastOther: { at: number; text: string } | null;
  lastReceivedAt: number | null;
}

// Samples the live flag every 100 ms inside the page, so nothing depends on how often the harness
// looks; and once more whenever the harness reads the log. Read right after the page turned live
// (waitLive), the log of the last sample alone could still end offline: the round then counted a
// live page as "not live again within 30 s" (once in the e2e run of 2026-11-25 00:50 UTC, the page
// live and its frames, machine, relay and data service all fine; see docs/RELIABILITY.md).
// Plain text, not a function: tsx (keepNames) would wrap a named inner function in a helper the page lacks.
const RECORD_LIVE = `(() => {
  const log = [];
  window.__liveLog = () => {
    const live = document.querySelector('[data-testid="live-device"]')?.getAttribute('data-live') === 'true';
    if (log.length === 0 || log[log.length - 1].live !== live) log.push({ at: Date.now(), live });
    return log.slice();
  };
  setInterval(window.__liveLog, 100);
})();`;

/** The topics of the PUBLISH packets in one websocket frame of MQTT (a frame may carry several packets). */
export function publishTopics(frame: Buffer): string[] {
  const topics: string[] = [];
  let at = 0;
  while (at < frame.length) {
    const type = frame[at] >> 4;
    let length = 0;
    let multiplier = 1;
    let i = at + 1;
    for (;;) {
      if (i >= frame.length) return topics;
      const byte = frame[i++];
      length += (byte & 0x7f) * multiplier;
      multiplier *= 128;
      if (!(byte & 0x80)) break;
    }
    if (type === 3 && i + 2 <= frame.length) topics.push(frame.toString('utf8', i + 2, i + 2 + frame.readUInt16BE(i)));
    at = i + length;
  }
  return topics;
}

/** The machines a data-service frame carries values of (none for any other frame). */
function valuesOrders(text: string): string[] {
  try {
    const frame = JSON.parse(text) as { type?: string; orderNumber?: string };
    return frame.type === 'values' && typeof frame.orderNumber === 'string' ? [frame.orderNumber] : [];
  } catch {
    return [];
  }
}

/**
 * Opens the live page of a machine (`/app/deviceInfo/<order>/tube` over MQTT, or
 * `/app/deviceInfoWs/<order>/sheet` over the data service) in a logged-in context and watches it.
 */
export async function openWatchedPage(context: BrowserContext, base: string, name: string, machine: { orderNumber: string; kind: 'tube' | 'sheet' }, own: ReadonlySet<string>): Promise<WatchedPage> {
  const page = await context.newPage();
  await page.addInitScript({ content: RECORD_LIVE });
  const watched: WatchedPage = {
    name,
    page,
    machine: machine.orderNumber,
    own,
    frames: [],
    foreign: [],
    sockets: [],
    transitions: () => page.evaluate(() => (window as unknown as { __liveLog: () => Array<{ at: number; live: boolean }> }).__liveLog()),
    close: () => page.close(),
  };
  page.on('websocket', (ws) => {
    const trace: SocketTrace = { path: new URL(ws.url()).pathname, openedAt: Date.now(), closedAt: null, sent: 0, lastSentAt: null, lastOther: null, lastReceivedAt: null };
    watched.sockets.push(trace);
    if (watched.sockets.length > 50) watched.sockets.shift();
    ws.on('close', () => (trace.closedAt = Date.now()));
    ws.on('framesent', () => (trace.sent++, (trace.lastSentAt = Date.now())));
    ws.on('framereceived', ({ payload }) => {
      trace.lastReceivedAt = Date.now();
      const orders = typeof payload === 'string' ? valuesOrders(payload) : publishTopics(payload);
      if (!orders.length && typeof payload === 'string') trace.lastOther = { at: Date.now(), text: payload.slice(0, 120) };
      if (!orders.length) return;
      watched.frames.push({ at: Date.now(), orders });
      for (const order of orders) if (!own.has(order)) watched.foreign.push(order);
    });
  });
  const route = machine.kind === 'tube' ? `deviceInfo/${machine.orderNumber}/tube` : `deviceInfoWs/${machine.orderNumber}/sheet`;
  await page.goto(new URL(`/app/${route}`, base).toString());
  await page.getByTestId('live-device').waitFor({ timeout: 30_000 });
  return watched;
}

/** Waits until the page shows live values (throws after `timeoutMs`, saying what its link showed). */
export async function waitLive(watched: WatchedPage, timeoutMs: number): Promise<void> {
  try {
    await watched.page.locator('[data-testid="live-device"][data-live="true"]').waitFor({ timeout: timeoutMs });
  } catch (error) {
    const link = await watched.page.getByTestId('link-status').getAttribute('data-link', { timeout: 1_000 }).catch(() => '?');
    throw new Error(`${watched.name} not live within ${timeoutMs} ms (link ${link})`, { cause: error });
  }
}

/**
 * After a fault that began at `faultAt` and ended at `upAt`: when the page first showed offline
 * (ms after the fault, or null), and when it was live again with a data frame received after the
 * end (ms after the end, or null if not within the record).
 */
export async function recoveryOf(watched: WatchedPage, faultAt: number, upAt: number): Promise<{ offlineMs: number | null; reconnectMs: number | null }> {
  const log = await watched.transitions();
  const offline = log.find((t) => t.at >= faultAt && !t.live);
  const frame = watched.frames.find((f) => f.at >= upAt);
  if (!frame) return { offlineMs: offline ? offline.at - faultAt : null, reconnectMs: null };
  // Live at the moment of that frame, or from the first change to live after it.
  const before = [...log].reverse().find((t) => t.at <= frame.at);
  const liveAt = before?.live ? frame.at : log.find((t) => t.at > frame.at && t.live)?.at;
  return { offlineMs: offline ? offline.at - faultAt : null, reconnectMs: liveAt === undefined ? null : liveAt - upAt };
}
