// How fast the event spool takes machine events while PostgreSQL is away, and replays them once it
// is back (issue 22, item 3; docs/RELIABILITY.md). `npx tsx bench/event-spool.ts [folder]`: the
// folder should be on the disk of the portal's DATA_DIR (an fsync costs what that disk costs); by
// default a temporary folder. The store is a stand-in that refuses as an unreachable database does,
// then takes everything: what is measured is the spool's own cost (append, fsync, read back).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MachineEvent } from '../src/ports/machine-event-store.port';
import { EventDiskSpool } from '../src/server/telemetry/event-disk-spool';
import { encodeSpoolRecords } from '../src/server/telemetry/event-spool-file';

const dir = mkdtempSync(path.join(process.argv[2] ?? tmpdir(), 'event-spool-bench-'));
const EVENTS = 20_000;
let up = false;
let stored = 0;
const store = async (events: readonly MachineEvent[]) => {
  if (!up) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  stored += events.length;
};
const task = (i: number): MachineEvent => ({
  kind: 'task', orderNumber: `G3015-B${i % 1000}`, eventId: `b${i}`, taskKind: 'sheet', startTime: new Date(), endTime: new Date(),
  cutLength: 12.5, durationS: 60, pierces: 3,
  row: { StartTime: '2026-11-20T05:00:00.000Z', EndTime: '2026-11-20T05:01:00.000Z', CuttingLength: 12.5, PunchingNum: 3, ProcessingTime: 60, EmptyLength: 1, TaskName: 'part-123', FileUrl: '' },
});

const spool = await EventDiskSpool.open({ dir, maxBytes: 1e9, store: { store }, log: { info: () => {}, warn: () => {} } });
try {
  console.log(`a task event takes ${encodeSpoolRecords([task(0)]).length} bytes in the spool`);
  // EventIngest hands over what arrived within 5 ms, up to 500: one event under a trickle, hundreds under a fleet.
  for (const size of [1, 50, 500]) {
    const started = performance.now();
    for (let i = 0; i < EVENTS; i += size) await spool.store(Array.from({ length: size }, (_, j) => task(size * 1e6 + i + j)));
    const ms = performance.now() - started;
    console.log(`batches of ${size}: ${EVENTS} events spooled in ${ms.toFixed(0)} ms, ${Math.round((EVENTS / ms) * 1000)} events/s, ${Math.round((EVENTS / size / ms) * 1000)} fsyncs/s`);
  }
  const spooled = spool.state;
  up = true;
  const started = performance.now();
  while (spool.state.files) await new Promise((resolve) => setTimeout(resolve, 5));
  console.log(`replayed ${stored} events (${(spooled.bytes / 1e6).toFixed(1)} MB in ${spooled.files} files) in ${(performance.now() - started).toFixed(0)} ms, the first 1 s wait included`);
} finally {
  await spool.close();
  rmSync(dir, { recursive: true, force: true });
}
