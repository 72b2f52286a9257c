import fc from 'fast-check';
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MachineEvent, RuntimeEvent } from '../../src/ports/machine-event-store.port';
import { EventDiskSpool, spoolFolderOf } from '../../src/server/telemetry/event-disk-spool';
import { decodeSpoolRecords, encodeSpoolRecords } from '../../src/server/telemetry/event-spool-file';

// Issue 22: the portal's event spool on disk. The file format (torn last record, order) and the
// spool against a store that goes away and comes back, restarts and kills mid-write, and its bound.

const root = mkdtempSync(path.join(tmpdir(), 'event-spool-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const freshFolder = () => path.join(root, `s${folders++}`);

const time = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }).map((t) => new Date(t));
const amount = fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true });
const order = fc.constantFrom('G3015-A', 'K350-B', 'T220-C');
const text = fc.string({ unit: 'grapheme', maxLength: 20 });
const eventArb: fc.Arbitrary<MachineEvent> = fc.oneof(
  fc.record({
    kind: fc.constant('task' as const), orderNumber: order, eventId: fc.uuid(), taskKind: fc.constantFrom('sheet' as const, 'tube' as const),
    startTime: time, endTime: time, cutLength: amount, durationS: amount, pierces: fc.nat(), row: fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(text, fc.integer())),
  }),
  fc.record({ kind: fc.constant('alarm' as const), orderNumber: order, eventId: fc.uuid(), errorDate: time, errorType: text, errorContent: text }),
  fc.record({
    kind: fc.constant('runtime' as const), orderNumber: order, day: fc.constantFrom('2026-11-20', '2026-11-21'),
    run: fc.double({ min: 0, max: 8, noNaN: true }), idle: fc.double({ min: 0, max: 8, noNaN: true }), offline: fc.double({ min: 0, max: 8, noNaN: true }),
    estop: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
  }),
);
// JSON writes -0 as 0: compare what a store would see.
const normal = (events: readonly MachineEvent[]) => JSON.parse(JSON.stringify(events)) as unknown;

describe('the spool file format', () => {
  it('reads back every event, in order', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 20 }), (events) => {
        const decoded = decodeSpoolRecords(encodeSpoolRecords(events));
        expect(normal(decoded.records.map((r) => r.event))).toEqual(normal(events));
        expect(decoded.skipped).toBe(0);
        for (const r of decoded.records) expect(r.event.kind === 'runtime' || (r.event as { startTime?: Date; errorDate?: Date }).startTime instanceof Date || (r.event as { errorDate?: Date }).errorDate instanceof Date).toBe(true);
      }),
    );
  });

  it('ignores a torn last record: a file cut anywhere reads as the records written whole before the cut', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { minLength: 1, maxLength: 10 }), fc.double({ min: 0, max: 1, noNaN: true }), (events, at) => {
        const bytes = encodeSpoolRecords(events);
        const cut = Math.floor(at * bytes.length);
        const whole = events.filter((_, i) => encodeSpoolRecords(events.slice(0, i + 1)).length <= cut);
        const decoded = decodeSpoolRecords(bytes.subarray(0, cut));
        expect(normal(decoded.records.map((r) => r.event))).toEqual(normal(whole));
        expect(decoded.end).toBe(encodeSpoolRecords(whole).length);
        expect(decoded.skipped).toBe(0);
      }),
    );
  });

  it('skips lines that are no event (zeros a power cut left, garbage) and keeps the others', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { minLength: 2, maxLength: 6 }), fc.uint8Array({ minLength: 1, maxLength: 40 }), (events, junk) => {
        const garbage = Buffer.from(junk.map((b) => (b === 0x0a ? 0 : b)));
        const [first, ...rest] = events;
        const bytes = Buffer.concat([encodeSpoolRecords([first!]), garbage, Buffer.from('\n'), Buffer.alloc(8), Buffer.from('\n'), encodeSpoolRecords(rest), garbage]);
        const decoded = decodeSpoolRecords(bytes);
        expect(normal(decoded.records.map((r) => r.event))).toEqual(normal(events));
        expect(decoded.skipped).toBe(2);
      }),
    );
  });
});

/** A store like PostgreSQL's: events once by id, a run-time day replaced; it can be down. */
class FakeStore {
  down = false;
  readonly firstSeen: string[] = [];
  readonly ids = new Set<string>();
  readonly runtime = new Map<string, RuntimeEvent>();
  async store(events: readonly MachineEvent[]): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (const e of events) {
      if (e.kind === 'runtime') this.runtime.set(`${e.orderNumber} ${e.day}`, e);
      else if (!this.ids.has(e.eventId)) (this.ids.add(e.eventId), this.firstSeen.push(e.eventId));
    }
  }
}

const quiet = { info: () => {}, warn: () => {} };
const openSpool = (dir: string, store: FakeStore, maxBytes: number) =>
  EventDiskSpool.open({ dir, maxBytes, store, log: quiet, retry: { firstMs: 1, maxMs: 4 }, fileBytes: 600 });
// A file may go between the listing and its stat: the replay removes drained files meanwhile.
const diskBytes = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.jsonl')).reduce((sum, n) => sum + (statSync(path.join(dir, n), { throwIfNoEntry: false })?.size ?? 0), 0);
async function emptied(spool: EventDiskSpool): Promise<void> {
  await expect.poll(() => spool.state.files, { timeout: 5_000, interval: 2 }).toBe(0);
}

type Step = { t: 'batch'; events: MachineEvent[] } | { t: 'down' } | { t: 'up' } | { t: 'restart'; torn: number | null };
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.array(eventArb, { minLength: 1, maxLength: 4 }).map((events) => ({ t: 'batch' as const, events })) },
  { weight: 2, arbitrary: fc.constant({ t: 'down' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'up' as const }) },
  { weight: 1, arbitrary: fc.option(fc.double({ min: 0.05, max: 0.95, noNaN: true })).map((torn) => ({ t: 'restart' as const, torn })) },
);

describe('the spool between the events and a database that goes away', () => {
  it('acknowledges what it stores or spools, replays it in order once the store is back, never beyond its bound', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { maxLength: 30 }), fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 2_000, max: 50_000 })), async (steps, maxBytes) => {
        const dir = freshFolder();
        const store = new FakeStore();
        let spool = await openSpool(dir, store, maxBytes);
        const acked: MachineEvent[] = [];
        let n = 0;
        let tornBytes = 0;
        try {
          for (const step of steps) {
            if (step.t === 'down' || step.t === 'up') store.down = step.t === 'down';
            else if (step.t === 'restart') {
              await spool.close();
              const newest = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort().at(-1);
              if (newest && step.torn !== null) {
                // Killed mid-write: part of a record that was never acknowledged.
                const record = encodeSpoolRecords([{ kind: 'alarm', orderNumber: 'G3015-A', eventId: 'torn', errorDate: new Date(0), errorType: 'E', errorContent: '' }]);
                const torn = record.subarray(0, Math.floor(step.torn * (record.length - 1)) + 1);
                appendFileSync(path.join(dir, newest), torn);
                tornBytes += torn.length;
              }
              spool = await openSpool(dir, store, maxBytes);
            } else {
              // Unique ids, so the order of first arrival can be checked.
              const events = step.events.map((e) => (e.kind === 'runtime' ? e : { ...e, eventId: `e${n++}` }));
              const wasDown = store.down;
              const spooledBefore = spool.state.bytes;
              const result = await spool.store(events).then(() => 'acked' as const, () => 'refused' as const);
              if (result === 'acked') acked.push(...events);
              // Refused only while the store is away and the spool has no room.
              if (result === 'refused') expect(wasDown || spooledBefore > 0).toBe(true);
            }
            // The bound holds on disk (the test's own torn records aside).
            expect(diskBytes(dir)).toBeLessThanOrEqual(maxBytes + tornBytes);
          }
          store.down = false;
          await emptied(spool);
          // Every acknowledged event arrived, in the order acknowledged; nothing else (no torn record).
          expect(store.firstSeen).toEqual(acked.filter((e) => e.kind !== 'runtime').map((e) => (e as { eventId: string }).eventId));
          // A run-time day holds the last value acknowledged, though replays stored older ones again.
          const last = new Map(acked.filter((e): e is RuntimeEvent => e.kind === 'runtime').map((e) => [`${e.orderNumber} ${e.day}`, e]));
          const byKey = (m: Map<string, RuntimeEvent>) => normal([...m.entries()].sort(([x], [y]) => x.localeCompare(y)).map(([, e]) => e));
          expect(byKey(store.runtime)).toEqual(byKey(last));
          expect(readdirSync(dir).filter((f) => f.endsWith('.jsonl'))).toEqual([]);
        } finally {
          await spool.close();
        }
      }),
      { numRuns: 100 },
    );
  });

  it('refuses beyond its bound while the database is away, as without a spool, and takes events again once drained', async () => {
    const dir = freshFolder();
    const store = new FakeStore();
    const one = (id: string): MachineEvent[] => [{ kind: 'alarm', orderNumber: 'G3015-A', eventId: id, errorDate: new Date(0), errorType: 'E1', errorContent: 'x' }];
    const size = encodeSpoolRecords(one('a0')).length;
    const spool = await openSpool(dir, store, size * 3);
    try {
      store.down = true;
      for (const id of ['a0', 'a1', 'a2']) await spool.store(one(id));
      await expect(spool.store(one('a3'))).rejects.toThrow(/ECONNREFUSED|spool is full/);
      expect(spool.counters).toMatchObject({ spooled: 3, refused: 1 });
      expect(diskBytes(dir)).toBe(size * 3);
      store.down = false;
      await emptied(spool);
      await spool.store(one('a3'));
      expect(store.firstSeen).toEqual(['a0', 'a1', 'a2', 'a3']);
    } finally {
      await spool.close();
    }
  });

  it('with a bound of 0 never spools: the error goes back as before', async () => {
    const store = new FakeStore();
    const spool = await openSpool(freshFolder(), store, 0);
    store.down = true;
    await expect(spool.store([{ kind: 'runtime', orderNumber: 'G3015-A', day: '2026-11-20', run: 1, idle: 0, offline: 0, estop: null }])).rejects.toThrow(/ECONNREFUSED/);
    await spool.close();
  });

  it('passes other errors back at once, without spooling', async () => {
    const dir = freshFolder();
    const spool = await EventDiskSpool.open({ dir, maxBytes: 1e6, log: quiet, store: { store: async () => Promise.reject(new TypeError('a bug')) } });
    await expect(spool.store([{ kind: 'runtime', orderNumber: 'G3015-A', day: '2026-11-20', run: 1, idle: 0, offline: 0, estop: null }])).rejects.toThrow('a bug');
    expect(spool.state.files).toBe(0);
    await spool.close();
  });

  it('starts on a folder whose only file is torn garbage, and removes it', async () => {
    const dir = freshFolder();
    const store = new FakeStore();
    const first = await openSpool(dir, store, 1e6);
    await first.close();
    writeFileSync(path.join(dir, '000000000001.jsonl'), Buffer.concat([encodeSpoolRecords(one('kept')), Buffer.from('{"v":1,"event":{"kind":"al')]));
    const spool = await openSpool(dir, store, 1e6);
    await emptied(spool);
    expect(store.firstSeen).toEqual(['kept']);
    await spool.close();
  });

  it('says at start that the folder of another portal name holds events, which only that portal replays', async () => {
    const base = freshFolder();
    const other = new FakeStore();
    other.down = true;
    const theirs = await openSpool(path.join(base, 'portal-2'), other, 1e6);
    await theirs.store(one('theirs'));
    await theirs.close();
    const warnings: unknown[] = [];
    const mine = await EventDiskSpool.open({ dir: path.join(base, 'portal-1'), maxBytes: 1e6, store: new FakeStore(), log: { info: () => {}, warn: (obj) => warnings.push(obj) } });
    expect(warnings).toEqual([expect.objectContaining({ folders: ['portal-2'] })]);
    expect(mine.state.files).toBe(0);
    await mine.close();
  });

  it('keeps each portal that shares a DATA_DIR in a folder of its own', () => {
    expect(spoolFolderOf('/srv/portal', 'portal-1')).toBe('/srv/portal/event-spool/portal-1');
    expect(spoolFolderOf('/srv/portal', null)).toBe('/srv/portal/event-spool/portal');
    expect(spoolFolderOf('/srv/portal', '../x')).toBe('/srv/portal/event-spool/.._x');
    // Without MQTT_CLIENT_ID on an external broker, the relay's own default id: the portal's session there.
    expect(spoolFolderOf('/srv/portal', null, true)).toBe(`/srv/portal/event-spool/portal-${hostname()}`.slice(0, '/srv/portal/event-spool/'.length + 64));
  });
});

function one(id: string): MachineEvent[] {
  return [{ kind: 'alarm', orderNumber: 'G3015-A', eventId: id, errorDate: new Date(0), errorType: 'E1', errorContent: 'x' }];
}

describe('the spool of a portal killed while it writes', () => {
  it('replays every batch acknowledged before the kill, and starts whatever the kill left', async () => {
    for (const after of [150, 400, 900]) {
      const dir = freshFolder();
      const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/spool-writer-child.ts', dir], { stdio: ['ignore', 'pipe', 'inherit'] });
      const acked = new Map<number, number>();
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const lines = out.split('\n');
        out = lines.pop()!;
        for (const line of lines) {
          const [, batch, count] = line.split(' ');
          acked.set(Number(batch), Number(count));
        }
      });
      await expect.poll(() => acked.size, { timeout: 20_000, interval: 5 }).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, after));
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await ended;

      const store = new FakeStore();
      const spool = await openSpool(dir, store, 1e9);
      await emptied(spool);
      await spool.close();
      const stored = new Set(store.firstSeen);
      const lost = [...acked].flatMap(([batch, count]) => Array.from({ length: count }, (_, i) => `k${batch}-${i}`)).filter((id) => !stored.has(id));
      expect(lost, `acknowledged before the kill at ${after} ms but not replayed`).toEqual([]);
      expect(acked.size).toBeGreaterThan(1);
    }
  });
});

describe('a spool folder cleared by hand while the portal runs', () => {
  it('does not keep later batches waiting behind files that are gone', async () => {
    const dir = freshFolder();
    const store = new FakeStore();
    const spool = await openSpool(dir, store, 1e6);
    try {
      store.down = true;
      await spool.store(one('lost'));
      rmSync(dir, { recursive: true, force: true });
      // Not acknowledged: the file it went to is gone (the machine sends it again).
      await expect(spool.store(one('into-the-removed-file'))).rejects.toThrow(/was removed/);
      await spool.store(one('spooled-again'));
      store.down = false;
      await emptied(spool);
      await spool.store(one('direct'));
      expect(store.firstSeen).toEqual(['spooled-again', 'direct']);
    } finally {
      await spool.close();
    }
  });
});

describe('a spool file the database refuses for another reason than an outage', () => {
  it('is set aside after five refusals in a row, however long the outage before, and the rest goes on', async () => {
    const dir = freshFolder();
    let state: 'down' | 'up' = 'down';
    const stored: string[] = [];
    const store = {
      store: async (events: readonly MachineEvent[]) => {
        if (state === 'down') throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        if (events.some((e) => e.kind === 'alarm' && e.eventId === 'poison')) throw new TypeError('a bug');
        for (const e of events) if (e.kind === 'alarm') stored.push(e.eventId);
      },
    };
    const warnings: string[] = [];
    const spool = await EventDiskSpool.open({ dir, maxBytes: 1e6, store, log: { info: () => {}, warn: (_obj, msg) => warnings.push(msg) }, retry: { firstMs: 1, maxMs: 2 }, fileBytes: 1 });
    try {
      await spool.store(one('poison'));
      await spool.store(one('fine'));
      // Many replays fail on the outage first: they do not count towards setting the file aside.
      await expect.poll(() => (spool as unknown as { failures: number }).failures, { timeout: 5_000, interval: 1 }).toBeGreaterThan(10);
      state = 'up';
      await emptied(spool);
      expect(stored).toEqual(['fine']);
      expect(readdirSync(path.join(dir, 'rejected'))).toEqual(['000000000001.jsonl']);
      expect(warnings.filter((w) => /replaying spooled machine events failed/.test(w))).toHaveLength(5);
    } finally {
      await spool.close();
    }
  });
});
