import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FleetAnswer, FleetFilter, MyMachine } from '../../../src/domain/devices/fleet';
import { fleetMachine } from '../../../src/domain/devices/fleet.machine';
import { machineInfoMachine, type MachineInfo, type MachineInfoAnswer } from '../../../src/domain/devices/machine-info.machine';
import { refused } from '../../../src/domain/shared/refused';

const TUBE: MyMachine = { equipmentid: 2, name: 'Tube T1', communicationstatus: 1, ordernumber: 'T-1', seriesname: 'T' };

function startFleet(answers: Array<FleetAnswer | Error>, filter: FleetFilter = 'all') {
  const persisted: FleetFilter[] = [];
  let loads = 0;
  const actor = createActor(
    fleetMachine.provide({
      actors: {
        loadFleet: fromPromise(async () => {
          const answer = answers[Math.min(loads, answers.length - 1)];
          loads += 1;
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
      actions: { persistFilter: (_, params) => void persisted.push(params.filter) },
    }),
    { input: { filter } },
  );
  actor.start();
  return { actor, persisted, loads: () => loads };
}

describe('fleet machine', () => {
  it('loads the list, then reloads it (keeping the old tiles until the new ones arrive)', async () => {
    const { actor, loads } = startFleet([
      { kind: 'list', machines: [TUBE] },
      { kind: 'list', machines: [TUBE, { ...TUBE, ordernumber: 'T-2' }] },
    ]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.machines).toEqual([TUBE]);
    actor.send({ type: 'fleet.reload' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.machines).toHaveLength(1);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.machines).toHaveLength(2);
    expect(loads()).toBe(2);
  });

  it('shows an empty fleet and a refusal (an expired login\'s empty message too)', async () => {
    const empty = startFleet([{ kind: 'list', machines: [] }]);
    await waitFor(empty.actor, (s) => s.matches('ready'));
    expect(empty.actor.getSnapshot().context).toMatchObject({ machines: [], loaded: true });

    const refusal = startFleet([refused('Database unavailable')]);
    await waitFor(refusal.actor, (s) => s.matches('failed'));
    expect(refusal.actor.getSnapshot().context.error).toBe('Database unavailable');

    const expired = startFleet([refused('')]);
    await waitFor(expired.actor, (s) => s.matches('failed'));
    expect(expired.actor.getSnapshot().context.error).toBe('');

    const thrown = startFleet([new Error('network')]);
    await waitFor(thrown.actor, (s) => s.matches('failed'));
    expect(thrown.actor.getSnapshot().context.error).toBe('');
  });

  it('ignores an aborted load', async () => {
    const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
    const { actor } = startFleet([abort]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actor.getSnapshot().matches('loading')).toBe(true);
  });

  it('keeps the chip it opened with, changes it on request and remembers each choice', async () => {
    const { actor, persisted } = startFleet([{ kind: 'list', machines: [] }], 'tube');
    expect(actor.getSnapshot().context.filter).toBe('tube');
    actor.send({ type: 'filter.set', filter: 'sheet' });
    actor.send({ type: 'filter.set', filter: 'nonsense' as FleetFilter });
    expect(actor.getSnapshot().context.filter).toBe('sheet');
    expect(persisted).toEqual(['sheet', 'sheet']);
  });
});

describe('machine info machine', () => {
  const info: MachineInfo = { equipmentId: '7', orderNumber: 'T-1', name: 'Tube T1', series: 'T', kind: 'tube', boundByName: 'Li Wei' };

  function startInfo(orderNumber: string, answer: MachineInfoAnswer | Error) {
    const asked: string[] = [];
    const actor = createActor(
      machineInfoMachine.provide({
        actors: {
          loadMachine: fromPromise(async ({ input }) => {
            asked.push(input.orderNumber);
            if (answer instanceof Error) throw answer;
            return answer;
          }),
        },
      }),
      { input: { orderNumber } },
    );
    actor.start();
    return { actor, asked };
  }

  it('shows the machine of GetMachineTables', async () => {
    const { actor, asked } = startInfo('T-1', { kind: 'found', info });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.info).toEqual(info);
    expect(asked).toEqual(['T-1']);
  });

  it('is notFound for a machine that is not the caller\'s, and for a malformed order number without asking', async () => {
    const missing = startInfo('T-9', { kind: 'not-yours' });
    await waitFor(missing.actor, (s) => s.matches('notFound'));
    const malformed = startInfo('a/b#', { kind: 'found', info });
    expect(malformed.actor.getSnapshot().matches('notFound')).toBe(true);
    expect(malformed.asked).toEqual([]);
  });

  it('fails on other refusals and on network errors, and can load again', async () => {
    const { actor } = startInfo('T-1', refused('boom'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('boom');
    actor.send({ type: 'info.reload' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);

    const thrown = startInfo('T-1', new Error('network'));
    await waitFor(thrown.actor, (s) => s.matches('failed'));
  });
});
