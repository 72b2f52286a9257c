import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduction, describeScripts, heavyLibraryFiles, LANDING_JS_BUDGET_GZIP, landingFirstLoad, measureLoadedScripts } from '../../bench/landing-bundle';
import { launchBrowser, portalUrl } from '../support/browser';

// Issue 3: the landing page is the front door. Its first load (what the browser must fetch before
// the first screen shows: the entry and the landing chunk with their static imports) stays within
// 180 kB of gzip, and the large libraries of other pages never load on it.

let browser: Browser;
// The portal of the browser tests serves dist/, built under NODE_ENV=test (React's development
// build): the budget is checked on a production build of its own.
const production = mkdtempSync(path.join(tmpdir(), 'landing-budget-'));
beforeAll(async () => {
  browser = await launchBrowser();
  buildProduction(production);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  rmSync(production, { recursive: true, force: true });
});

describe('landing page weight', () => {
  it('fetches at most 180 kB of gzip JavaScript before its first screen', () => {
    const first = landingFirstLoad(production);
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
