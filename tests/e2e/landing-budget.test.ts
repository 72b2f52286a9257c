import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeScripts, heavyLibraryFiles, LANDING_JS_BUDGET_GZIP, landingFirstLoad, measureLoadedScripts } from '../../bench/landing-bundle';
import { launchBrowser, portalUrl } from '../support/browser';

// Issue 3: the landing page is the front door. Its first load (what the browser must fetch before
// the first screen shows: the entry and the landing chunk with their static imports) stays within
// 180 kB of gzip, and the large libraries of other pages never load on it.

let browser: Browser;
// The portal of the browser tests serves dist/, which scripts/ensure-build.mjs builds for
// production (NODE_ENV=production whatever the caller's): the budget is checked on that build.
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('landing page weight', () => {
  it('fetches at most 180 kB of gzip JavaScript before its first screen', () => {
    const first = landingFirstLoad();
    expect(first.totalGzip, describeScripts(first, 'first load')).toBeLessThanOrEqual(LANDING_JS_BUDGET_GZIP);
  });

  it('loads exactly that first, and never mqtt, chart.js or the editor', async () => {
    const heavy = heavyLibraryFiles();
    expect(heavy.length, 'the MQTT client has a chunk of its own').toBeGreaterThan(0);
    const loaded = await measureLoadedScripts(browser, portalUrl('/app/?lan=zh'));
    const files = new Set(loaded.scripts.map((script) => script.file));
    for (const script of landingFirstLoad().scripts) expect(files.has(script.file), `${script.file} of the first load`).toBe(true);
    expect(heavy.filter((file) => files.has(file)), describeScripts(loaded, 'loaded')).toEqual([]);
  });
});
