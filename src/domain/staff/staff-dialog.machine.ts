import { assign, fromPromise, setup } from 'xstate';
import type { Refused } from '../shared/refused';

/** What a staff change answered: done, the server's refusal (its message), or a 403. */
export type ChangeAnswer = { kind: 'done' } | { kind: 'forbidden' } | Refused;

export interface StaffDialogContext<Mode extends string, Draft> {
  mode: Mode;
  draft: Draft;
  /** The first rule the draft breaks (a message key), shown once staff tried to send it. */
  problem: string | null;
  /** The server's refusal of the last send ('' for none). */
  message: string;
  /** How many changes were done since the start: the screen reloads its list when it grows. */
  saved: number;
}

export type StaffDialogEvent<Mode extends string, Draft> =
  | { type: 'open'; mode: Mode; draft: Draft }
  | { type: 'edit'; draft: Draft }
  | { type: 'submit' }
  | { type: 'close' };

/**
 * A staff change made in a dialog (a registry entry added or edited, a machine unbound with its
 * reason, a work order moved with a note): open with a draft, edit it, submit. A draft the shared
 * rule (`check`, the same the server applies) refuses is never sent; while sending the dialog
 * cannot be closed or changed; done closes it and counts `saved`; a refusal keeps the draft with
 * the server's message. `check` answers a message key or null.
 */
export function staffDialogMachine<Mode extends string, Draft>(check: (mode: Mode, draft: Draft) => string | null, initial: { mode: Mode; draft: Draft }) {
  return setup({
    types: {} as { context: StaffDialogContext<Mode, Draft>; events: StaffDialogEvent<Mode, Draft>; tags: 'busy' },
    actors: {
      send: fromPromise<ChangeAnswer, { mode: Mode; draft: Draft }>(async () => {
        throw new Error('staffDialogMachine: provide the send actor');
      }),
    },
  }).createMachine({
    id: 'staffDialog',
    context: { ...initial, problem: null, message: '', saved: 0 },
    initial: 'closed',
    states: {
      closed: {
        on: { open: { target: 'open', actions: assign(({ event }) => ({ mode: event.mode, draft: event.draft, problem: null, message: '' })) } },
      },
      open: {
        on: {
          // The problem shown is re-checked as staff type, so it goes away once fixed.
          edit: { actions: assign(({ context, event }) => ({ draft: event.draft, problem: context.problem === null ? null : check(context.mode, event.draft) })) },
          close: 'closed',
          submit: [
            { guard: ({ context }) => check(context.mode, context.draft) !== null, actions: assign(({ context }) => ({ problem: check(context.mode, context.draft) })) },
            { target: 'sending', actions: assign({ problem: null, message: '' }) },
          ],
        },
      },
      sending: {
        tags: ['busy'],
        invoke: {
          src: 'send',
          input: ({ context }) => ({ mode: context.mode, draft: context.draft }),
          onDone: [
            { guard: ({ event }) => event.output.kind === 'done', target: 'closed', actions: assign({ saved: ({ context }) => context.saved + 1 }) },
            { target: 'open', actions: assign({ message: ({ event }) => (event.output.kind === 'refused' ? event.output.message : event.output.kind === 'forbidden' ? 'forbidden' : '') }) },
          ],
          // No answer at all: the HTTP adapter showed the network or timeout dialog; the draft stays.
          onError: { target: 'open', actions: assign({ message: '' }) },
        },
      },
    },
  });
}
