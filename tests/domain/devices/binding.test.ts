import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  bindingMachine,
  type BindAnswer,
  type BindingEvent,
  type BpmMachine,
  type LookupAnswer,
  type SaveAnswer,
} from '../../../src/domain/devices/binding.machine';
import { isOrderNumber } from '../../../src/domain/devices/order-number';
import { refused } from '../../../src/domain/shared/refused';

const FC = { numRuns: 150, seed: Number(process.env.FC_SEED ?? 20250101) };

const RECORD: BpmMachine = {
  OrderNumber: 'LC-9001',
  Name: 'Flatbed 3015',
  SeriesName: 'G',
  Model: 'G3015',
  LaserPower: 6,
  DeliveryTime: '2024-05-01',
};

type Call =
  | { kind: 'bind'; orderNumber: string; answer: BindAnswer }
  | { kind: 'lookup'; orderNumber: string; answer: LookupAnswer }
  | { kind: 'save'; record: BpmMachine; answer: SaveAnswer };

/** A fake server whose answers come from queues; an empty queue answers success (or throws for 'throw'). */
function start(script: { bind?: Array<BindAnswer | 'throw'>; lookup?: Array<LookupAnswer | 'throw'>; save?: Array<SaveAnswer | 'throw'> } = {}) {
  const calls: Call[] = [];
  const take = <T,>(queue: Array<T | 'throw'> | undefined, fallback: T): T => {
    const next = queue?.shift() ?? fallback;
    if (next === 'throw') throw new Error('network');
    return next;
  };
  const actor = createActor(
    bindingMachine.provide({
      actors: {
        bind: fromPromise(async ({ input }) => {
          const answer = take<BindAnswer>(script.bind, { kind: 'bound' });
          calls.push({ kind: 'bind', orderNumber: input.orderNumber, answer });
          return answer;
        }),
        getBpmMachine: fromPromise(async ({ input }) => {
          const answer = take<LookupAnswer>(script.lookup, { kind: 'found', record: RECORD });
          calls.push({ kind: 'lookup', orderNumber: input.orderNumber, answer });
          return answer;
        }),
        saveMachineData: fromPromise(async ({ input }) => {
          const answer = take<SaveAnswer>(script.save, { kind: 'saved' });
          calls.push({ kind: 'save', record: input, answer });
          return answer;
        }),
      },
    }),
  );
  actor.start();
  return { actor, calls };
}

const settle = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 1000 });

async function submit(actor: ReturnType<typeof start>['actor'], value: string) {
  actor.send({ type: 'form.change', value });
  actor.send({ type: 'form.submit' });
  await settle(actor);
}

const notFound = { kind: 'unknown-machine' } as const;

describe('binding rules', () => {
  it('asks for an order number and sends nothing while it is empty or malformed', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldError).toBe('devices.bind.error.required');
    await submit(actor, 'LC/1');
    expect(actor.getSnapshot().context.fieldError).toBe('devices.bind.error.format');
    // After the first attempt the message follows the typing.
    actor.send({ type: 'form.change', value: 'LC-1' });
    expect(actor.getSnapshot().context.fieldError).toBeNull();
    expect(calls).toEqual([]);
  });

});

describe('binding flow', () => {
  it('binds a machine the portal knows with one call', async () => {
    const { actor, calls } = start();
    await submit(actor, '  LC-9001 ');
    expect(actor.getSnapshot().matches('bound')).toBe(true);
    expect(calls).toEqual([{ kind: 'bind', orderNumber: 'LC-9001', answer: { kind: 'bound' } }]);
  });

  it('looks a new machine up, saves its record and binds again', async () => {
    const { actor, calls } = start({ bind: [notFound] });
    await submit(actor, 'LC-9001');
    expect(actor.getSnapshot().matches('bound')).toBe(true);
    expect(calls.map((c) => c.kind)).toEqual(['bind', 'lookup', 'save', 'bind']);
    expect(calls[2]).toMatchObject({ kind: 'save', record: RECORD });
  });

  it.each<[string, LookupAnswer, object]>([
    ['未查询到数据', notFound, { kind: 'unknown-machine' }],
    ['200', { kind: 'empty' }, { kind: 'lookup-empty' }],
  ])('shows the lookup answer %s and saves nothing', async (_info, answer, problem) => {
    const { actor, calls } = start({ bind: [notFound], lookup: [answer] });
    await submit(actor, 'LC-404');
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.problem).toEqual(problem);
    expect(calls.map((c) => c.kind)).toEqual(['bind', 'lookup']);
  });

  it('shows a refusal (bound to another customer) without looking up', async () => {
    const { actor, calls } = start({ bind: [refused('This machine is bound to another customer')] });
    await submit(actor, 'LC-1');
    expect(actor.getSnapshot().context.problem).toEqual(refused('This machine is bound to another customer'));
    expect(calls.map((c) => c.kind)).toEqual(['bind']);
  });

  it('shows a second "not found" after saving instead of looping', async () => {
    const { actor, calls } = start({ bind: [notFound, notFound] });
    await submit(actor, 'LC-1');
    expect(actor.getSnapshot().context.problem).toEqual(notFound);
    expect(calls.map((c) => c.kind)).toEqual(['bind', 'lookup', 'save', 'bind']);
  });

  it('shows a refused save; a failed call just ends the attempt (the HTTP adapter showed its dialog)', async () => {
    const saveRefused = start({ bind: [notFound], save: [notFound] });
    await submit(saveRefused.actor, 'LC-1');
    expect(saveRefused.actor.getSnapshot().context.problem).toEqual(notFound);
    expect(saveRefused.calls.map((c) => c.kind)).toEqual(['bind', 'lookup', 'save']);

    const failed = start({ bind: ['throw'] });
    await submit(failed.actor, 'LC-1');
    expect(failed.actor.getSnapshot().matches('editing')).toBe(true);
    expect(failed.actor.getSnapshot().context.problem).toBeNull();
  });

  it('clears the server message when the order number changes; reset after success starts over', async () => {
    const { actor } = start({ bind: [refused('taken')] });
    await submit(actor, 'LC-1');
    expect(actor.getSnapshot().context.problem).toEqual(refused('taken'));
    actor.send({ type: 'form.change', value: 'LC-2' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(actor.getSnapshot().matches('bound')).toBe(true);
    actor.send({ type: 'form.reset' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.orderNumber).toBe('');
  });
});

describe('binding properties', () => {
  const bindAnswer = fc.constantFrom<BindAnswer | 'throw'>({ kind: 'bound' }, notFound, refused('taken'), refused('other'), 'throw');
  const lookupAnswer = fc.constantFrom<LookupAnswer | 'throw'>(
    { kind: 'found', record: RECORD },
    { kind: 'found', record: { ...RECORD, OrderNumber: 'OTHER' } },
    { kind: 'empty' },
    notFound,
    refused('查询成功'),
    'throw',
  );
  const saveAnswer = fc.constantFrom<SaveAnswer | 'throw'>({ kind: 'saved' }, notFound, 'throw');
  const event: fc.Arbitrary<BindingEvent> = fc.oneof(
    fc.record({ type: fc.constant('form.change' as const), value: fc.constantFrom('', '  ', 'LC-1', ' LC-2 ', 'LC/1', 'x'.repeat(70), 'T-9') }),
    fc.constant({ type: 'form.submit' as const }),
    fc.constant({ type: 'form.reset' as const }),
  );

  it('follows the spec chain whatever the server answers (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(event, { maxLength: 12 }),
        fc.array(bindAnswer, { maxLength: 12 }),
        fc.array(lookupAnswer, { maxLength: 12 }),
        fc.array(saveAnswer, { maxLength: 12 }),
        async (events, bind, lookup, save) => {
          const { actor, calls } = start({ bind: [...bind], lookup: [...lookup], save: [...save] });
          let boundAfter = -1;
          for (const e of events) {
            actor.send(e);
            await settle(actor);
            if (actor.getSnapshot().matches('bound')) boundAfter = calls.length;
          }
          calls.forEach((call, i) => {
            const previous = calls[i - 1];
            if (call.kind === 'bind') {
              // Only well-formed, trimmed order numbers reach the server.
              expect(isOrderNumber(call.orderNumber)).toBe(true);
            }
            if (call.kind === 'lookup') {
              // A lookup follows a first "not found" bind, for the same order number.
              expect(previous?.kind).toBe('bind');
              expect(previous!.answer.kind).toBe('unknown-machine');
              expect(call.orderNumber).toBe((previous as { orderNumber: string }).orderNumber);
            }
            if (call.kind === 'save') {
              // A save sends exactly the record a lookup found.
              expect(previous?.kind).toBe('lookup');
              const found = previous as Extract<Call, { kind: 'lookup' }>;
              expect(found.answer.kind).toBe('found');
              expect(call.record).toBe(found.answer.kind === 'found' ? found.answer.record : null);
            }
            if (call.kind === 'bind' && previous?.kind === 'save') expect(previous.answer.kind).toBe('saved');
          });
          // No second lookup in one attempt: a lookup is never preceded by a save -> bind.
          calls.forEach((call, i) => {
            if (call.kind === 'lookup') expect(calls[i - 2]?.kind).not.toBe('save');
          });
          // Bound only right after a bind answered 200.
          if (boundAfter > 0) {
            const last = calls[boundAfter - 1];
            expect(last.kind).toBe('bind');
            expect(last.answer.kind).toBe('bound');
          }
          actor.stop();
        },
      ),
      FC,
    );
  });
});
