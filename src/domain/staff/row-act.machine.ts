import { assign, fromPromise, setup } from 'xstate';
import type { Refused } from '../shared/refused';

export type ActAnswer = { kind: 'done' } | Refused;

/**
 * One act on a row of a staff list at a time (approve or reject a registration): `busy` names the
 * row while it is sent; the outcome is told by `notifyDone` (with the act) or `notifyRefused`
 * (with the server's message), and `reloadList` follows either, so the list shows what the server
 * holds now.
 */
export function rowActMachine<Act extends string>() {
  return setup({
    types: {} as {
      context: { busy: { key: string; act: Act } | null };
      events: { type: 'act'; key: string; act: Act };
    },
    actors: {
      act: fromPromise<ActAnswer, { key: string; act: Act }>(async () => {
        throw new Error('rowActMachine: provide the act actor');
      }),
    },
    actions: {
      notifyDone: (_, _params: { act: Act }) => {},
      notifyRefused: (_, _params: { message: string }) => {},
      reloadList: () => {},
    },
  }).createMachine({
    id: 'rowAct',
    context: { busy: null },
    initial: 'idle',
    states: {
      idle: {
        entry: assign({ busy: null }),
        on: { act: { target: 'working', actions: assign(({ event }) => ({ busy: { key: event.key, act: event.act } })) } },
      },
      working: {
        invoke: {
          src: 'act',
          input: ({ context }) => context.busy!,
          onDone: [
            { guard: ({ event }) => event.output.kind === 'done', target: 'idle', actions: [{ type: 'notifyDone', params: ({ context }) => ({ act: context.busy!.act }) }, 'reloadList'] },
            { target: 'idle', actions: [{ type: 'notifyRefused', params: ({ event }) => ({ message: event.output.kind === 'refused' ? event.output.message : '' }) }, 'reloadList'] },
          ],
          // No answer: the HTTP adapter has shown the network or timeout dialog.
          onError: { target: 'idle' },
        },
      },
    },
  });
}
