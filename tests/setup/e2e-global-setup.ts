import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH, TEST_CHROMIUM_PATH } from '../support/chromium';
import { startE2ePool } from '../support/e2e-pool';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a test worker asks for its portal (tests/support/e2e-pool.ts). */
    e2ePool: string;
  }
}

/**
 * The browser tests' pool: nothing starts here. The first e2e file of each test worker asks for a
 * portal of that worker's own, which starts then (the app is built once, before the first portal),
 * and launches its Chromium itself, so the unit and server files run meanwhile, and a run of one
 * e2e file starts one portal.
 */
export default async function setup(project: TestProject) {
  // The shell for every test, Chromium itself for its PDF viewer (tests/support/chromium.ts).
  for (const browser of new Set([TEST_CHROMIUM_PATH, CHROMIUM_PATH])) {
    if (!existsSync(browser)) throw new Error(`The browser tests need ${browser}: apt-get install -y chromium-headless-shell chromium`);
  }
  const pool = await startE2ePool();
  project.provide('e2ePool', pool.url);
  return () => pool.stop();
}
