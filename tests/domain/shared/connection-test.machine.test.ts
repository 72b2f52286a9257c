import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { allPassed, CONNECTION_CHECKS, connectionTestMachine, type ConnectionCheck, type ProbeAnswer } from '../../../src/domain/shared/connection-test.machine';

const FC = { numRuns: 60, seed: Number(process.env.FC_SEED ?? 20261204) };

/** The machine with probes that answer from `answers` (a check with none throws), recording what was asked. */
function start(answers: Partial<Record<ConnectionCheck, ProbeAnswer>>) {
  const asked: ConnectionCheck[] = [];
  const machine = connectionTestMachine.provide({
    actors: {
      probe: fromPromise(async ({ input }: { input: { check: ConnectionCheck } }) => {
        asked.push(input.check);
        const answer = answers[input.check];
        if (!answer) throw new Error('no answer');
        return answer;
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, asked };
}

describe('the connection test (the /test page)', () => {
  it('runs the three checks in order and keeps each time', async () => {
    const { actor, asked } = start({ session: { ok: true, ms: 12.4 }, live: { ok: true, ms: 30 }, data: { ok: true, ms: 8 } });
    expect(actor.getSnapshot().hasTag('running')).toBe(true);
    expect(actor.getSnapshot().context.results.session.status).toBe('running');
    await waitFor(actor, (s) => s.matches('done'));
    expect(asked).toEqual(['session', 'live', 'data']);
    expect(actor.getSnapshot().context.results).toEqual({ session: { status: 'passed', ms: 12 }, live: { status: 'passed', ms: 30 }, data: { status: 'passed', ms: 8 } });
    expect(allPassed(actor.getSnapshot().context)).toBe(true);
  });

  it('goes on past a failed check, says why it failed, and runs again on request', async () => {
    const { actor, asked } = start({ session: { ok: false, reason: 'expired' }, data: { ok: true, ms: 5 } });
    await waitFor(actor, (s) => s.matches('done'));
    const { results } = actor.getSnapshot().context;
    expect(results.session).toEqual({ status: 'failed', reason: 'expired' });
    expect(results.live).toEqual({ status: 'failed', reason: 'unreachable' }); // the probe threw
    expect(results.data).toEqual({ status: 'passed', ms: 5 });
    expect(allPassed(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'check.run' });
    expect(actor.getSnapshot().context.results.live).toEqual({ status: 'waiting' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(asked).toEqual(['session', 'live', 'data', 'session', 'live', 'data']);
  });

  it('property: once done, every check has passed or failed, and a run is never started while one runs', async () => {
    const answer = fc.oneof(
      fc.record({ ok: fc.constant(true as const), ms: fc.double({ min: 0, max: 10_000, noNaN: true }) }),
      fc.record({ ok: fc.constant(false as const), reason: fc.constantFrom('expired' as const, 'unreachable' as const) }),
      fc.constant(undefined),
    );
    await fc.assert(
      fc.asyncProperty(fc.tuple(answer, answer, answer), fc.array(fc.boolean(), { maxLength: 6 }), async ([session, live, data], presses) => {
        const { actor, asked } = start({ ...(session ? { session } : {}), ...(live ? { live } : {}), ...(data ? { data } : {}) });
        for (const waitFirst of presses) {
          if (waitFirst) await waitFor(actor, (s) => s.matches('done'));
          const before = asked.length;
          const wasRunning = actor.getSnapshot().hasTag('running');
          actor.send({ type: 'check.run' });
          if (wasRunning) expect(asked.length).toBe(before); // ignored while a run is on
        }
        const done = await waitFor(actor, (s) => s.matches('done'));
        for (const check of CONNECTION_CHECKS) {
          const r = done.context.results[check];
          expect(['passed', 'failed']).toContain(r.status);
          if (r.status === 'passed') expect(r.ms).toBeGreaterThanOrEqual(0);
        }
        expect(asked.length % 3).toBe(0);
      }),
      FC,
    );
  });
});
