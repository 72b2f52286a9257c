import { afterEach, beforeEach } from 'vitest';
import type { E2eWorkerPids } from '../support/e2e-pool';
import { treeCpuMs } from '../support/process-tree-cpu';

// What each browser test cost its worker's Chromium and portal (with its PostgreSQL), beside the
// test worker's own CPU (cpu-meta.ts): scripts/test-times.mjs names the costliest tests. A worker
// runs one test at a time, so its Chromium's and portal's CPU over a test is the test's. The pids
// are the worker's once a file has asked for its portal (tests/support/browser.ts); the files with
// portals of their own (scale-out, restarts) report none.

const pids = () => (globalThis as { e2eWorkerPids?: E2eWorkerPids }).e2eWorkerPids;
let atStart: { browser: number; portal: number } | null = null;

beforeEach(() => {
  const known = pids();
  atStart = known ? { browser: treeCpuMs([known.browser]) ?? 0, portal: treeCpuMs([known.portal]) ?? 0 } : null;
});

afterEach(({ task }) => {
  const known = pids();
  if (!known || !atStart) return;
  const meta = task.meta as { browserCpuMs?: number; portalCpuMs?: number };
  meta.browserCpuMs = (treeCpuMs([known.browser]) ?? 0) - atStart.browser;
  meta.portalCpuMs = (treeCpuMs([known.portal]) ?? 0) - atStart.portal;
});
