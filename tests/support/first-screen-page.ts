import type { Page } from 'playwright-core';

// What the browser tests of painted first screens (first-screen.test.ts, personal-first-screens.test.ts)
// watch on a page: its layout shifts, largest paints and the moment the copy hands over to the app.

export interface Recorded {
  shifts: number[];
  /** The largest-contentful-paint entries: their image, if any, and when they painted. */
  paints: Array<{ url: string; at: number }>;
  /** When the copy left the page (the app took over). */
  handover: number | null;
}

/** Records layout shifts, largest paints and the handover from the start of the page. */
export async function recordPaints(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { recorded: Recorded };
    w.recorded = { shifts: [], paints: [], handover: null };
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.recorded.shifts.push((e as unknown as { value: number }).value))).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => w.recorded.paints.push({ url: (e as unknown as { url: string }).url, at: e.startTime })),
    ).observe({ type: 'largest-contentful-paint', buffered: true });
    let seen = false;
    new MutationObserver((_, observer) => {
      if (document.getElementById('first-screen')) seen = true;
      else if (seen) {
        w.recorded.handover = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}
export const recorded = (page: Page) => page.evaluate(() => (window as unknown as { recorded: Recorded }).recorded);

/** Holds the app's scripts back until the returned function is called: the copy alone, for as long as a test needs. */
export async function holdAppScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/app/assets/**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

