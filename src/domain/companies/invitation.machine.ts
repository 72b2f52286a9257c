import { assign, fromPromise, setup } from 'xstate';
import type { CallAnswer } from '../shared/call-answer';
import type { CompanyChoice } from './company-switcher.machine';

/** The company joined: the one the session works in from then on. */
export type JoinAnswer = CallAnswer<CompanyChoice, 'unknownCode' | 'otherAddress'>;

export interface InvitationContext {
  code: string;
  joined: CompanyChoice | null;
  problem: 'unknownCode' | 'otherAddress' | 'noCode' | null;
  error: string;
}

export type InvitationEvent = { type: 'invitation.accept' };

/** The longest code the contract takes (a longer one cannot be an invitation's). */
const MAX_CODE = 100;

/**
 * The invitation page (issue 37 item 3, `/invitation?code=`): a signed-in person accepts the
 * invitation of the link they were sent, by a press rather than on opening the page (a link
 * opened by a mail scanner joins no one). Joined, the session works in the company; a code used,
 * withdrawn or expired, or sent to another address, is said so and can be accepted no more.
 */
export const invitationMachine = setup({
  types: { context: {} as InvitationContext, events: {} as InvitationEvent, input: {} as { code: string | null } },
  actors: {
    accept: fromPromise<JoinAnswer, { code: string }>(async () => {
      throw new Error('invitation: accept not provided');
    }),
  },
}).createMachine({
  id: 'invitation',
  context: ({ input }) => {
    const code = (input.code ?? '').trim();
    return { code, joined: null, problem: code === '' || code.length > MAX_CODE ? 'noCode' : null, error: '' };
  },
  initial: 'start',
  states: {
    start: { always: [{ guard: ({ context }) => context.problem === 'noCode', target: 'refused' }, { target: 'ready' }] },
    ready: { on: { 'invitation.accept': 'accepting' } },
    accepting: {
      tags: ['busy'],
      invoke: {
        src: 'accept',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          { guard: ({ event }) => event.output.kind === 'done', target: 'joined', actions: assign(({ event }) => (event.output.kind === 'done' ? { joined: event.output.data } : {})) },
          // A refusal the contract does not name (the network, a refused session) may pass: the press can be tried again.
          { guard: ({ event }) => event.output.kind === 'refused', target: 'ready', actions: assign(({ event }) => ({ error: event.output.kind === 'refused' ? event.output.message : '' })) },
          { target: 'refused', actions: assign(({ event }) => ({ problem: event.output.kind as 'unknownCode' | 'otherAddress', error: '' })) },
        ],
        onError: { target: 'ready', actions: assign({ error: '' }) },
      },
    },
    joined: { type: 'final' },
    refused: {},
  },
});
