import { ownCompanyCaller } from '../../src/server/services/session.service';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimulatedMachine } from '../../src/server/simulator/machine-model';
import { machinePassword } from '../../src/server/telemetry/device-key';
import { guardMessageQueue, type MessageQueue } from '../../src/server/telemetry/embedded-broker';
import { LiveValues, parseLiveMessage } from '../../src/server/telemetry/live-values';
import { MqttAccess, machineOfTopic, type MqttIdentity } from '../../src/server/telemetry/mqtt-access';

const orderNumber = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,20}$/);
const topic = fc.oneof(
  orderNumber,
  orderNumber.map((o) => `${o}/event/task`),
  fc.constantFrom('#', '+', '+/event/+', '$SYS/broker', 'a/b/c', ''),
  fc.string({ maxLength: 30 }),
);

describe('parseLiveMessage', () => {
  it('never throws, and whatever it accepts is a map of safe keys to finite numbers or short strings', () => {
    const anyPayload = fc.oneof(
      fc.string(),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.array(fc.record({ KEY: fc.string({ maxLength: 12 }), VALUE: fc.oneof(fc.double(), fc.string({ maxLength: 20 }), fc.constant(null)) })).map((v) => JSON.stringify(v)),
      fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
    );
    fc.assert(
      fc.property(anyPayload, (payload) => {
        const values = parseLiveMessage(payload);
        if (values === null) return;
        for (const [key, value] of Object.entries(values)) {
          expect(key).toMatch(/^[A-Za-z][A-Za-z0-9_]{0,63}$/);
          if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
          else expect(value.length).toBeLessThanOrEqual(512);
        }
      }),
    );
  });

  it('reads back every well-formed list it is given, the last value of a key winning', () => {
    const item = fc.record({ KEY: fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,10}$/), VALUE: fc.oneof(fc.integer(), fc.string({ maxLength: 30 })) });
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 40 }), (items) => {
        const expected = Object.fromEntries(items.map((i) => [i.KEY, i.VALUE]));
        expect({ ...parseLiveMessage(JSON.stringify(items)) }).toEqual(expected);
      }),
    );
  });
});

describe('LiveValues', () => {
  it('merges every message of a watched machine, counts malformed ones, and forgets nothing fresh', () => {
    let now = 1_000;
    const live = new LiveValues(() => now);
    expect(live.latest('G1', 5_000)).toBeNull(); // a page asks: the machine is watched from now on
    expect(live.ingest('G1', '[{"KEY":"State","VALUE":3},{"KEY":"X","VALUE":1}]')).toBe(true);
    expect(live.ingest('G1', 'garbage')).toBe(false);
    expect(live.ingest('G1', '[{"KEY":"X"}]')).toBe(false);
    now += 1_000;
    live.ingest('G1', '[{"KEY":"X","VALUE":2}]');
    expect(live.latest('G1', 5_000)).toEqual({ at: 2_000, values: { State: 3, X: 2 } });
    expect(live.counters).toEqual({ accepted: 2, dropped: 2 });
    now += 5_001;
    expect(live.latest('G1', 5_000)).toBeNull();
  });

  it('keeps only the last message of a machine nobody watches, and reads it when a page first asks', () => {
    let now = 1_000;
    const live = new LiveValues(() => now);
    live.ingest('T1', '[{"KEY":"State","VALUE":0},{"KEY":"X","VALUE":1}]');
    live.ingest('T1', '[{"KEY":"X","VALUE":2}]');
    live.ingest('T2', '[{"KEY":"X"}]');
    expect(live.counters).toEqual({ accepted: 3, dropped: 0 });
    now += 500;
    expect(live.latest('T1', 5_000)).toEqual({ at: 1_000, values: { X: 2 } });
    // Malformed inside: found and counted when read, and nothing to answer.
    expect(live.latest('T2', 5_000)).toBeNull();
    expect(live.counters).toEqual({ accepted: 2, dropped: 1 });
    // Watched from the first ask: what follows merges.
    live.ingest('T1', '[{"KEY":"State","VALUE":1}]');
    expect(live.latest('T1', 5_000)?.values).toEqual({ X: 2, State: 1 });
  });

  it('reads an unwatched machine as its last message, whatever the sizes before it, and keeps its own copy (property)', () => {
    const message = fc
      .array(fc.record({ KEY: fc.constantFrom('State', 'X', 'TaskName', 'Progress'), VALUE: fc.oneof(fc.integer(), fc.string({ maxLength: 3000 })) }), { minLength: 1, maxLength: 4 })
      .map((items) => JSON.stringify(items));
    fc.assert(
      fc.property(fc.array(fc.tuple(message, fc.boolean()), { minLength: 1, maxLength: 6 }), (messages) => {
        const live = new LiveValues(() => 1_000);
        const sent: Buffer[] = [];
        for (const [text, asBuffer] of messages) {
          // A Buffer arrives as a view on the socket's read; the broker reuses nothing, but a copy must not depend on that.
          const payload = asBuffer ? Buffer.from(text) : text;
          if (Buffer.isBuffer(payload)) sent.push(payload);
          live.ingest('M1', payload);
        }
        for (const buffer of sent) buffer.fill(0x20);
        const last = messages.at(-1)![0];
        expect(live.latest('M1', 5_000)?.values ?? null).toEqual(parseLiveMessage(last));
      }),
      { numRuns: 200, seed: 20261121 },
    );
  });
});

describe('MqttAccess rules (ADR 0005)', () => {
  const identity: fc.Arbitrary<MqttIdentity> = fc.oneof(
    orderNumber.map((o) => ({ kind: 'machine' as const, orderNumber: o })),
    fc.constantFrom('u1', 'u2').map((userId) => ({ kind: 'user' as const, userId, tokenHash: null })),
    fc.constant({ kind: 'service' as const }),
  );
  const owned: Record<string, Set<string>> = { u1: new Set(['G3015-1', 'T220-1']), u2: new Set(['K350-2']) };
  const access = new MqttAccess({
    deviceKey: 'k',
    authenticateToken: async (token) => (token === 'tok-u1' ? ownCompanyCaller('u1', 'h') : null),
    ownsMachine: async (userId, o) => owned[userId]?.has(o) ?? false,
    service: { username: 'portal', password: 'relay' },
  });
  const ownedTopic = fc.constantFrom('G3015-1', 'T220-1', 'K350-2');

  it('lets only a machine publish, and only to its own live and event topics', () => {
    fc.assert(
      fc.property(identity, fc.oneof(topic, ownedTopic), (who, t) => {
        const allowed = access.canPublish(who, t);
        expect(allowed).toBe(who.kind === 'machine' && machineOfTopic(t) === who.orderNumber);
      }),
    );
  });

  it("lets a user subscribe only to the exact live topic of a machine they own, and machines to nothing", async () => {
    await fc.assert(
      fc.asyncProperty(identity, fc.oneof(topic, ownedTopic), async (who, t) => {
        const allowed = await access.canSubscribe(who, t);
        if (who.kind === 'machine') expect(allowed).toBe(false);
        if (who.kind === 'user') expect(allowed).toBe(owned[who.userId].has(t));
        if (who.kind === 'service') expect(allowed).toBe(t === '+' || t === '+/event/+');
      }),
    );
  });

  it('authenticates machines by their HMAC, users by token under their own id, the relay by its password', async () => {
    await fc.assert(
      fc.asyncProperty(orderNumber, fc.string({ maxLength: 70 }), async (o, guess) => {
        expect(await access.authenticate(`machine:${o}`, machinePassword('k', o), o)).toEqual({ kind: 'machine', orderNumber: o });
        if (guess !== machinePassword('k', o)) expect(await access.authenticate(`machine:${o}`, guess, o)).toBeNull();
        // The right password under an id that is not the machine's own (issue 21, item 1).
        expect(await access.authenticate(`machine:${o}`, machinePassword('k', o), `x${o}`)).toBeNull();
      }),
    );
    expect(await access.authenticate('u1', 'tok-u1', 'web-u1-a')).toMatchObject({ kind: 'user', userId: 'u1' });
    expect(await access.authenticate('u1', 'tok-u1', 'web-u2-a')).toBeNull();
    expect(await access.authenticate('u1', 'tok-u1', 'SIM-1')).toBeNull();
    expect(await access.authenticate('u2', 'tok-u1', 'web-u2-a')).toBeNull();
    expect(await access.authenticate('portal', 'relay', 'portal-host')).toEqual({ kind: 'service' });
    expect(await access.authenticate('portal', 'tok-u1', 'portal-host')).toBeNull();
    expect(await access.authenticate('machine:a/b', machinePassword('k', 'a/b'), 'a/b')).toBeNull();
  });
});

describe('SimulatedMachine', () => {
  const TUBE_CODES = new Set([0, 1, 3]);
  const SHEET_CODES = new Set([1, 2, 3, 4, 5, 6, 8]);

  it('speaks the live contract: valid state codes, progress 0-100, finite numbers, a message the server accepts', () => {
    fc.assert(
      fc.property(fc.constantFrom('sheet' as const, 'tube' as const), fc.integer(), fc.array(fc.double({ min: 0.05, max: 3, noNaN: true }), { maxLength: 300 }), (kind, seed, steps) => {
        const machine = new SimulatedMachine('SIM-1', kind, 6, seed);
        let t = Date.UTC(2026, 0, 1);
        for (const dt of steps) {
          t += dt * 1000;
          const message = machine.step(dt, new Date(t));
          const values = parseLiveMessage(JSON.stringify(message));
          expect(values).not.toBeNull();
          expect((kind === 'tube' ? TUBE_CODES : SHEET_CODES).has(values!.State as number)).toBe(true);
          expect(values!.Progress).toBeGreaterThanOrEqual(0);
          expect(values!.Progress).toBeLessThanOrEqual(100);
          expect(values).toHaveProperty(kind === 'tube' ? 'CutPressure' : 'Voltage');
        }
      }),
      { numRuns: 60 },
    );
  });

  it('is alive: within ten simulated minutes every machine runs a task, moves its axes and goes idle again', () => {
    for (const [kind, seed] of [['sheet', 1], ['tube', 2], ['sheet', 99], ['tube', 12345]] as const) {
      const machine = new SimulatedMachine('SIM-2', kind, 12, seed);
      const states = new Set<number>();
      const xs = new Set<number>();
      for (let s = 0; s < 600; s++) {
        const values = parseLiveMessage(JSON.stringify(machine.step(1, new Date(Date.UTC(2026, 0, 1, 8, 0, s)))))!;
        states.add(values.State as number);
        xs.add(values.X as number);
      }
      expect(states.has(kind === 'tube' ? 0 : 3), `${kind} ${seed} runs`).toBe(true);
      expect(states.has(1), `${kind} ${seed} idles`).toBe(true);
      expect(xs.size, 'axes move').toBeGreaterThan(50);
    }
  });

  it('reports its day run time every `runtimeEverySeconds` (60 unless told), never decreasing within the day', () => {
    fc.assert(
      fc.property(fc.constantFrom('sheet' as const, 'tube' as const), fc.integer(), fc.constantFrom(undefined, 5, 17), (kind, seed, every) => {
        const machine = new SimulatedMachine('SIM-3', kind, 6, seed, every);
        const reports: number[] = [];
        let run = 0;
        for (let s = 1; s <= 300; s++) {
          machine.step(1, new Date(Date.UTC(2026, 0, 1, 2, 0, s)));
          for (const e of machine.takeEvents().filter((e) => e.kind === 'runtime')) {
            reports.push(s);
            expect(e.body.Run as number).toBeGreaterThanOrEqual(run);
            run = e.body.Run as number;
          }
        }
        expect(reports.length).toBe(Math.floor(300 / (every ?? 60)));
      }),
      { numRuns: 30 },
    );
  });
});

describe('the overload guard of the embedded broker', () => {
  it('forwards everything while the queue is short, sheds live (QoS 0) messages while it is full, never events or $SYS', () => {
    const packets = fc.tuple(fc.nat(20), fc.constantFrom('G1', 'T-2', 'G1/event/alarm', '$SYS/b/heartbeat'), fc.constantFrom(0, 1, undefined));
    fc.assert(
      fc.property(fc.array(packets, { maxLength: 200 }), (events) => {
        const forwarded: string[] = [];
        let shed = 0;
        const mq: MessageQueue = { length: 0, emit: (packet) => forwarded.push(packet.topic) };
        guardMessageQueue(mq, 10, () => shed++);
        let expectedShed = 0;
        for (const [queued, topic, qos] of events) {
          mq.length = queued;
          const done = { called: false };
          const before = forwarded.length;
          mq.emit({ topic, qos }, () => (done.called = true));
          const dropped = queued >= 10 && !qos && !topic.startsWith('$SYS');
          if (dropped) expectedShed++;
          expect(forwarded.length - before).toBe(dropped ? 0 : 1);
          // A shed message still completes, so the publisher's flow goes on.
          if (dropped) expect(done.called).toBe(true);
        }
        expect(shed).toBe(expectedShed);
      }),
    );
  });
});
