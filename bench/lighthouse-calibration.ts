import { chromium } from 'playwright-core';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

// Lighthouse's CPU throttling is relative: its default 4x slowdown turns a fast desktop into a
// mid-range phone, but this host (two shared cores, a benchmark index of 1,000 to 1,400 when
// quiet, less under load) into something much slower, and the score then measures the host.
// Lighthouse's throttling documentation (docs/throttling.md, "Calibrating the CPU slowdown")
// says to compute the multiplier from the benchmark index it reports ("CPU/Memory Power") with
// its CPU slowdown calculator; `cpuSlowdownFor` is that calculator's mapping, so every run aims
// at the same mid-tier phone whatever the host's speed at the time.

export interface Calibration {
  /** Median of the samples: Lighthouse's BenchmarkIndex, measured in Chromium on this host. */
  index: number;
  /** Each measurement, in order. */
  samples: number[];
  /** The CPU slowdown for Lighthouse, from `index`. */
  multiplier: number;
}

/**
 * The CPU slowdown that makes a host of this benchmark index behave like Lighthouse's mid-tier
 * mobile target, as the Lighthouse CPU slowdown calculator computes it (piecewise linear: 150 ->
 * 1x, 800 -> 2x, 1300 -> 3x, then one more per 233; below 150 the host is already that slow).
 * Rounded to two decimals so the figure in the docs is the one that was used.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new Error(`no benchmark index (${benchmarkIndex})`);
  let multiplier: number;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else if (benchmarkIndex >= 150) multiplier = 1 + (benchmarkIndex - 150) / 650;
  else multiplier = 1;
  return Math.round(multiplier * 100) / 100;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Measures the benchmark index `samples` times with Lighthouse's own page function (about 1 s of
 * script each) in the Chromium at `port`, which must be launched as Lighthouse's is (chrome-launcher
 * with the same flags: Chromium as playwright launches it scores some three times higher), after
 * one run to warm it up, and calibrates on the median.
 */
export async function calibrate(port: number, samples = 5): Promise<Calibration> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = context.pages()[0] ?? (await context.newPage());
    const measured: number[] = [];
    await page.evaluate(pageFunctions.computeBenchmarkIndex);
    for (let i = 0; i < samples; i++) measured.push(Math.round(await page.evaluate(pageFunctions.computeBenchmarkIndex)));
    const index = median(measured);
    return { index, samples: measured, multiplier: cpuSlowdownFor(index) };
  } finally {
    // Only disconnects: the browser was not launched by playwright.
    await browser.close();
  }
}
