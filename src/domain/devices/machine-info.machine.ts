import { assign, fromPromise, setup } from 'xstate';
import { isAbortError } from '../shared/abort';
import type { Envelope } from '../shared/envelope';
import { machineKindOf, type MachineKind } from './machine-kind';
import { isOrderNumber } from './order-number';

/** One row of `Machine/GetMachineTables` (ADR 0005). */
export interface MachineTable {
  EquipmentId: number | string;
  OrderNumber: string;
  Name: string;
  SeriesName: string;
  Kind?: string;
}

/** What the detail page shows about the machine itself. */
export interface MachineInfo {
  equipmentId: string;
  orderNumber: string;
  name: string;
  series: string;
  kind: MachineKind;
}

export interface MachineInfoContext {
  orderNumber: string;
  info: MachineInfo | null;
  /** The server's refusal ('' when the call itself failed). */
  error: string;
}

export type MachineInfoEvent = { type: 'info.reload' };

/** The first row of GetMachineTables as a MachineInfo, or null (unknown machine, someone else's, or a malformed answer). */
export function readMachineTables(answer: Envelope<MachineTable[] | string>): MachineInfo | null {
  if (answer.code !== 200 || !Array.isArray(answer.ReturnData)) return null;
  const row = answer.ReturnData.find((item) => !!item && typeof item === 'object' && typeof item.OrderNumber === 'string');
  if (!row) return null;
  const series = typeof row.SeriesName === 'string' ? row.SeriesName : '';
  // The server's Kind wins when it is one we know; the series rule otherwise.
  const kind = row.Kind === 'tube' || row.Kind === 'sheet' ? row.Kind : machineKindOf(series);
  return {
    equipmentId: row.EquipmentId === undefined || row.EquipmentId === null ? '' : String(row.EquipmentId),
    orderNumber: row.OrderNumber,
    name: typeof row.Name === 'string' ? row.Name : '',
    series,
    kind,
  };
}

/** True for "this is not one of your machines": 404, or a 200 without a row. */
const isNotFound = (answer: Envelope<MachineTable[] | string>) =>
  answer.code === 404 || (answer.code === 200 && readMachineTables(answer) === null);

/** The detail page's machine facts from GetMachineTables: ready, notFound (404 or a malformed order number) or failed. */
export const machineInfoMachine = setup({
  types: {
    context: {} as MachineInfoContext,
    events: {} as MachineInfoEvent,
    input: {} as { orderNumber: string },
  },
  actors: {
    loadMachine: fromPromise<Envelope<MachineTable[] | string>, { orderNumber: string }>(async () => {
      throw new Error('loadMachine actor not provided');
    }),
  },
  guards: {
    isMalformed: ({ context }) => !isOrderNumber(context.orderNumber),
    isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error),
    isFound: (_, params: { answer: Envelope<MachineTable[] | string> }) => readMachineTables(params.answer) !== null,
    isNotFound: (_, params: { answer: Envelope<MachineTable[] | string> }) => isNotFound(params.answer),
  },
  actions: {
    assignInfo: assign((_, params: { answer: Envelope<MachineTable[] | string> }) => ({ info: readMachineTables(params.answer), error: '' })),
    assignError: assign((_, params: { info: string }) => ({ error: String(params.info ?? '') })),
  },
}).createMachine({
  id: 'machineInfo',
  context: ({ input }) => ({ orderNumber: input.orderNumber, info: null, error: '' }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isMalformed', target: 'notFound' }, { target: 'loading' }],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadMachine',
        input: ({ context }) => ({ orderNumber: context.orderNumber }),
        onDone: [
          {
            guard: { type: 'isFound', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready',
            actions: { type: 'assignInfo', params: ({ event }) => ({ answer: event.output }) },
          },
          { guard: { type: 'isNotFound', params: ({ event }) => ({ answer: event.output }) }, target: 'notFound' },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ info: event.output.info }) } },
        ],
        onError: [{ guard: 'isAborted' }, { target: 'failed', actions: { type: 'assignError', params: { info: '' } } }],
      },
    },
    ready: {},
    notFound: {},
    failed: {
      on: { 'info.reload': 'checking' },
    },
  },
});
