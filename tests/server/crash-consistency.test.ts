import { describe, expect, it } from 'vitest';
import { runCrashConsistency, WRITE_KINDS } from '../../scripts/faults/crash-consistency';

// The short version of `npm run test:faults` (docs/RELIABILITY.md): a portal on its own data
// folder with the embedded PostgreSQL, two writer processes, the portal killed with SIGKILL twice
// and its PostgreSQL once (each a round of its own; `npm run test:faults` kills 50 and 20 times:
// the suite checks every kind of write across each kind of kill, the long run the many moments a
// kill can strike). After every restart each acknowledged write is present and
// whole (a registered account logs in, a points exchange has its debit and its licence year), no
// row names a missing file, no file lacks its row, no partial file is left, and no points booking
// or maintenance confirmation is half applied.
// How soon the portal is ready again is speed, checked by `npm run test:faults` on a quiet machine
// (10 s); the suite checks it only when READY_WITHIN_MS is set. Under the suite's own load a restart
// took 15 to 50 s, and two full runs of 2026-11-29 needed this test's retry (what the first attempt
// met was not printed then: each round's line is now), most likely the 30 s limit it had.
describe('crash consistency under SIGKILL', () => {
  it('loses no acknowledged write and leaves no orphaned or missing file across 2 portal kills and 1 PostgreSQL kill', async () => {
    const report = await runCrashConsistency({
      serverKills: 2,
      postgresKills: 1,
      runMs: [300, 1500],
      readyWithinMs: Number(process.env.READY_WITHIN_MS ?? Infinity),
      // Each round's line in the run's output: what a failed attempt met is there to read.
      log: (line) => console.log(line),
    });
    expect(report.rounds).toHaveLength(3);
    // The writers got through: a harness that acknowledged nothing proves nothing. Each kind was
    // acknowledged before the first kill (the harness waits for it), so each was checked across all three.
    for (const kind of WRITE_KINDS) {
      expect(report.acknowledged[kind], kind).toBeGreaterThan(0);
    }
    expect(report.problems).toEqual([]);
  }, 900_000); // a guard: some 45 s alone, 430 s (two attempts) under the whole suite on a slow machine
});
