import { afterEach, beforeEach } from 'vitest';

// Each test's CPU time in this worker process, beside its wall time in the JSON report
// (test-output/vitest.json): scripts/test-times.mjs names the files whose time is mostly waiting.
// A browser test's Chromium and portal work in other processes, so its share here is small by design.

let started = process.cpuUsage();
beforeEach(() => {
  started = process.cpuUsage();
});
afterEach(({ task }) => {
  const used = process.cpuUsage(started);
  (task.meta as { cpuMs?: number }).cpuMs = Math.round((used.user + used.system) / 1000);
});
