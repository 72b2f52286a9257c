import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  warrantyPolicyMachine,
  type WarrantyAnswer,
  type WarrantyPolicyEvent,
  type WarrantyQuery,
  type WarrantyRule,
} from '../../../src/domain/cam/warranty-policy.machine';

const FC = { numRuns: 100, seed: Number(process.env.FC_SEED ?? 20250101) };

const rule = (machineType: string): WarrantyRule => ({
  Id: Number(machineType) + 1,
  MachineType: machineType,
  Title: `Policy ${machineType}`,
  WarrantyScope: 'Covered',
  NotWarrantyScope: 'Not covered',
  ServiceProcess: 'Report',
});

function start(answer: (q: WarrantyQuery) => Promise<WarrantyAnswer>) {
  const queries: WarrantyQuery[] = [];
  const actor = createActor(
    warrantyPolicyMachine.provide({
      actors: { loadRule: fromPromise<WarrantyAnswer, WarrantyQuery>(async ({ input }) => (queries.push(input), answer(input))) },
    }),
    { input: { lang: 'en' } },
  );
  actor.start();
  return { actor, queries };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('showing'));

describe('warranty policy machine', () => {
  it('loads the laser cutting policy first, then a tab once', async () => {
    const { actor, queries } = start(async (q) => ({ kind: 'rule', rule: rule(q.machineType) }));
    const first = await settled(actor);
    expect(first.context.rules['0']).toEqual({ status: 'ready', rule: rule('0') });
    actor.send({ type: 'tab.select', machineType: '1' });
    await waitFor(actor, (s) => s.context.rules['1']?.status === 'ready');
    actor.send({ type: 'tab.select', machineType: '0' });
    expect(actor.getSnapshot().context.machineType).toBe('0');
    expect(queries).toEqual([
      { machineType: '0', lang: 'en' },
      { machineType: '1', lang: 'en' },
    ]);
  });

  it("shows no policy, and a refusal alike, with the server's words", async () => {
    const none = start(async () => ({ kind: 'none', message: 'Nothing yet' }));
    expect((await settled(none.actor)).context.rules['0']).toEqual({ status: 'empty', message: 'Nothing yet' });
    const refused = start(async () => ({ kind: 'refused', message: 'Id must be a whole number' }));
    expect((await settled(refused.actor)).context.rules['0']).toEqual({ status: 'empty', message: 'Id must be a whole number' });
  });

  it('fails without an answer, and loads everything again in a new language', async () => {
    let fail = true;
    const { actor, queries } = start(async (q) => {
      if (fail) throw new Error('network');
      return { kind: 'rule', rule: rule(q.machineType) };
    });
    expect((await settled(actor)).context.rules['0']).toEqual({ status: 'failed' });
    fail = false;
    actor.send({ type: 'language.change', lang: 'zh' });
    await waitFor(actor, (s) => s.context.rules['0']?.status === 'ready');
    expect(queries.at(-1)).toEqual({ machineType: '0', lang: 'zh' });
  });

  it('asks each tab at most once until the language changes, and the shown tab is never left loading (property)', async () => {
    const event: fc.Arbitrary<WarrantyPolicyEvent> = fc.oneof(
      fc.constantFrom('0' as const, '1' as const).map((machineType): WarrantyPolicyEvent => ({ type: 'tab.select', machineType })),
      fc.constantFrom('zh' as const, 'en' as const).map((lang): WarrantyPolicyEvent => ({ type: 'language.change', lang })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 10 }), async (events) => {
        const { actor, queries } = start(async (q) => ({ kind: 'rule', rule: rule(q.machineType) }));
        await settled(actor);
        // A language change starts over: the queries since the last one.
        const changes = [0];
        for (const e of events) {
          if (e.type === 'language.change') changes.push(queries.length);
          actor.send(e);
          await settled(actor);
        }
        const snapshot = actor.getSnapshot();
        expect(snapshot.context.rules[snapshot.context.machineType]?.status).toBe('ready');
        changes.forEach((from, i) => {
          const asked = queries.slice(from, changes[i + 1]).map((q) => q.machineType);
          expect(new Set(asked).size).toBe(asked.length);
        });
        actor.stop();
      }),
      FC,
    );
  });
});
