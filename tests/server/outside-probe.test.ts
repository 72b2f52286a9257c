import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstScreenFile } from '../../src/server/spa/first-screen-pages';
import { probeIssue21, type ProbeResult } from '../../scripts/probe/issue-21-probe';
import { storeAccount } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// The repeat of issue 21's outside probe (scripts/probe-issue-21.ts) against a listening portal:
// every finding, items 1 to 10, must be gone.
let portal: TestPortal;
let results: ProbeResult[];
// A stand-in build with an inline script, so the pages' CSP has a hash to carry.
const dist = mkdtempSync(path.join(tmpdir(), 'probe-'));

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div>\n<script>window.booted=1</script></body></html>');
  writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'window.app = 1');
  writeFileSync(path.join(dist, firstScreenFile('landing')), '<div id="first-screen"></div>');
  portal = await createTestPortal({ RATE_LIMIT_SCALE: '20' }, { distDir: dist });
  await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = portal.app.server.address() as { port: number };
  const customer = await storeAccount(portal.services, 'probe');
  const staff = await storeAccount(portal.services, 'probe-staff', { staff: true });
  results = await probeIssue21({
    base: `http://127.0.0.1:${port}`,
    customer,
    staff,
    codeFor: async (address) => portal.codeFor(address) || null,
    // The portal's clock is the test's: the throttle's waits pass by advancing it.
    waitThrottle: async (ms) => portal.clock.advance(ms),
  });
}, 180_000);
afterAll(async () => {
  await portal?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the outside probe of issue 21, repeated', () => {
  it('probes all ten items', () => {
    expect(results.map((r) => r.item)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
  for (let item = 1; item <= 10; item++) {
    it(`finds item ${item} fixed`, () => {
      const result = results.find((r) => r.item === item)!;
      expect(result.fixed, `${result.finding}: ${result.saw}`).toBe(true);
    });
  }
});
