import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FleetFilter, MyMachine } from '../../../src/domain/devices/fleet';
import { fleetMachine } from '../../../src/domain/devices/fleet.machine';
import { machineInfoMachine, type MachineTable } from '../../../src/domain/devices/machine-info.machine';
import type { Envelope } from '../../../src/domain/shared/envelope';

const TUBE: MyMachine = { equipmentid: 2, name: 'Tube T1', communicationstatus: 1, ordernumber: 'T-1', seriesname: 'T' };

function startFleet(answers: Array<Envelope<MyMachine[] | string> | Error>, filter: FleetFilter = 'all') {
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
      { code: 200, info: '', ReturnData: [TUBE] },
      { code: 200, info: '', ReturnData: [TUBE, { ...TUBE, ordernumber: 'T-2' }] },
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

  it('counts the empty answer as an empty fleet and shows a refusal', async () => {
    const empty = startFleet([{ code: 200, info: '数据查询为空', ReturnData: [] }]);
    await waitFor(empty.actor, (s) => s.matches('ready'));
    expect(empty.actor.getSnapshot().context).toMatchObject({ machines: [], loaded: true });

    const refused = startFleet([{ code: 500, info: 'Database unavailable' }]);
    await waitFor(refused.actor, (s) => s.matches('failed'));
    expect(refused.actor.getSnapshot().context.error).toBe('Database unavailable');

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
    const { actor, persisted } = startFleet([{ code: 200, info: '', ReturnData: [] }], 'tube');
    expect(actor.getSnapshot().context.filter).toBe('tube');
    actor.send({ type: 'filter.set', filter: 'sheet' });
    actor.send({ type: 'filter.set', filter: 'nonsense' as FleetFilter });
    expect(actor.getSnapshot().context.filter).toBe('sheet');
    expect(persisted).toEqual(['sheet', 'sheet']);
  });
});

describe('machine info machine', () => {
  const row: MachineTable = { EquipmentId: 7, OrderNumber: 'T-1', Name: 'Tube T1', SeriesName: 'T', Kind: 'tube' };

  function startInfo(orderNumber: string, answer: Envelope<MachineTable[] | string> | Error) {
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
    const { actor, asked } = startInfo('T-1', { code: 200, info: '', ReturnData: [row] });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.info).toEqual({ equipmentId: '7', orderNumber: 'T-1', name: 'Tube T1', series: 'T', kind: 'tube' });
    expect(asked).toEqual(['T-1']);
  });

  it('falls back to the series rule when the server names no kind', async () => {
    const { actor } = startInfo('Q-1', { code: 200, info: '', ReturnData: [{ ...row, Kind: undefined, SeriesName: 'Q' }] });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.info?.kind).toBe('tube');
  });

  it('is notFound for 404, for an empty list, and for a malformed order number without asking', async () => {
    const missing = startInfo('T-9', { code: 404, info: '未查询到数据' });
    await waitFor(missing.actor, (s) => s.matches('notFound'));
    const empty = startInfo('T-9', { code: 200, info: '', ReturnData: [] });
    await waitFor(empty.actor, (s) => s.matches('notFound'));
    const malformed = startInfo('a/b#', { code: 200, info: '', ReturnData: [row] });
    expect(malformed.actor.getSnapshot().matches('notFound')).toBe(true);
    expect(malformed.asked).toEqual([]);
  });

  it('fails on other refusals and on network errors, and can load again', async () => {
    const { actor } = startInfo('T-1', { code: 500, info: 'boom' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('boom');
    actor.send({ type: 'info.reload' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);

    const thrown = startInfo('T-1', new Error('network'));
    await waitFor(thrown.actor, (s) => s.matches('failed'));
  });
});
