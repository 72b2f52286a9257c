import { describe, expect, it } from 'vitest';
import { runRestarts, summarise, TARGETS, type Scenario } from '../../scripts/faults/restarts';

// Issue 22, item 2, the short version of `npm run test:restarts` (docs/RELIABILITY.md): the
// harness runs a portal child of its own on a private PostgreSQL, with two customers' live pages
// open in Chromium; the shared e2e portal is not used. The portal restart (embedded broker), the
// PostgreSQL restart and the Mosquitto restart (MQTT_URL, last: the portal stays on it) are in the
// suite. The portal restart was out of it for a while: under the full suite's load a sheet page
// was not live again within 30 s (CI run of 2026-11-24 15:37); the page's reconnect loop then learnt
// to give up a socket that never says ready or leaves queries unanswered (sheet-live.machine.ts),
// and 20 portal restarts under a load average of 5 to 10 brought every page back. Mosquitto's
// restarts were out too: the reconnect p95 sat at the 5 s target under load (5.2 s at a load
// average of 18), as live data waited behind the events the relay stored one at a time and sheet
// pages for their next query; since the relay takes live data on a client of its own and the data
// service answers an offline query again when the machine is back, 20 restarts gave p95 under 3 s
// (docs/RELIABILITY.md).
// The suite checks that every page comes back without a reload (within the harness's 30 s) and
// that nothing is lost; how soon (the 5 s p95, telemetry within 10 s) is a speed figure, checked by
// `npm run test:restarts` on a quiet machine: under the suite's own load on a slower machine a
// portal restart's p95 read 17.6 s, then 6.4 s (CI run of 2026-11-29), the portal's start waiting
// for a core. One restart of each: what the suite checks is whether pages come back and nothing is
// lost, which a second restart of the same kind repeats (it cost the suite about a minute); the
// 20 of each that show the targets are `npm run test:restarts`'s.
const RESTARTS = Number(process.env.RESTARTS_PER_SCENARIO ?? 1);
const SCENARIOS: readonly Scenario[] = ['embedded', 'postgres', 'mosquitto'];

describe('restarts under live pages', () => {
  it(`the portal, PostgreSQL and Mosquitto restarted ${RESTARTS} times each under live pages`, { timeout: 720_000 }, async () => {
    const report = await runRestarts({ restarts: RESTARTS, scenarios: SCENARIOS, checkTargets: false, log: (line) => console.log(line) });
    const summary = summarise(report);
    console.log(JSON.stringify(summary.scenarios.map((s) => ({ scenario: s.scenario, reconnectMs: s.reconnectMs, offline: s.offline, telemetryMsMax: s.telemetryMsMax, events: s.events }))));
    expect(summary.scenarios.map((s) => s.scenario)).toEqual([...SCENARIOS]);
    for (const s of summary.scenarios) {
      // Broker restarts show every page offline; a database restart need not (live data does not pass through it).
      if (s.scenario !== 'postgres') expect(s.pass.offlineShown, `${s.scenario}: pages shown offline ${s.offline.shown}`).toBe(true);
      expect(s.reconnectMs.notBack, `${s.scenario}: pages not live again without a reload`).toBe(0);
      expect(s.telemetryMsMax, `${s.scenario}: telemetry back`).not.toBeNull();
      expect(s.events.sent).toBeGreaterThan(0);
      expect(s.events.duplicates, `${s.scenario}: events stored twice`).toBe(0);
      // Machines spool their events until acknowledged, and the portal spools on disk what PostgreSQL cannot take (ADR 0021).
      expect(s.events.missing, `${s.scenario}: events sent during the restarts not stored`).toBe(0);
      expect(s.pass.revokedRefused, `${s.scenario}: the revoked session's page got live data`).toBe(true);
    }
    const database = summary.scenarios.find((s) => s.scenario === 'postgres')!;
    expect(database.api!.unavailable, 'API calls answered 503 during the outage').toBeGreaterThan(0);
    expect(database.api!.bad, 'API calls that were not 200 or 503 with Retry-After in the envelope, or hung').toBe(0);
    expect(database.api!.slowestMs).toBeLessThan(TARGETS.clientTimeoutMs);
    expect(report.foreignFrames, "frames of the other customer's machines").toEqual([]);
    expect(report.problems).toEqual([]);
  });
});
