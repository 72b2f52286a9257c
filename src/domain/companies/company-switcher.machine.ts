import { assign, fromPromise, setup } from 'xstate';
import type { CallAnswer } from '../shared/call-answer';
import type { CompanyRole } from './company-roles';

/** A company the person belongs to, as the avatar menu lists it. */
export interface CompanyChoice {
  companyId: string;
  /** '' for a company of one: the page names it after its owner. */
  name: string;
  ownerName: string;
  role: CompanyRole;
  current: boolean;
}

export type CompaniesAnswer = CallAnswer<CompanyChoice[]>;
export type SwitchAnswer = CallAnswer<null, 'notMember'>;

export interface SwitcherContext {
  companies: CompanyChoice[];
  /** The company asked for while switching, and after it: the page starts again in it. */
  target: string | null;
  error: string;
}

export type SwitcherEvent = { type: 'switcher.choose'; companyId: string } | { type: 'switcher.retry' };

/** The company the person works in now, if the list says. */
export const currentCompany = (companies: readonly CompanyChoice[]): CompanyChoice | null => companies.find((c) => c.current) ?? null;

/**
 * The shell's company switcher (issue 37 item 3): lists the person's companies and switches the
 * session into another. Switching changes every page's data (machines, work orders, role), so
 * the machine ends in `switched` and the shell starts the app again in the new company rather
 * than each area forgetting what it holds. A company that is not theirs any more (removed
 * meanwhile) is refused, and the list is read again.
 */
export const companySwitcherMachine = setup({
  types: { context: {} as SwitcherContext, events: {} as SwitcherEvent },
  actors: {
    load: fromPromise<CompaniesAnswer>(async () => {
      throw new Error('companySwitcher: load not provided');
    }),
    switchTo: fromPromise<SwitchAnswer, { companyId: string }>(async () => {
      throw new Error('companySwitcher: switchTo not provided');
    }),
  },
}).createMachine({
  id: 'companySwitcher',
  context: { companies: [], target: null, error: '' },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: [
          { guard: ({ event }) => event.output.kind === 'done', target: 'ready', actions: assign(({ event }) => (event.output.kind === 'done' ? { companies: event.output.data, error: '' } : {})) },
          { target: 'failed', actions: assign(({ event }) => ({ error: event.output.kind === 'refused' ? event.output.message : '' })) },
        ],
        onError: 'failed',
      },
    },
    failed: { on: { 'switcher.retry': 'loading' } },
    ready: {
      on: {
        'switcher.choose': {
          guard: ({ context, event }) => context.companies.some((c) => c.companyId === event.companyId && !c.current),
          target: 'switching',
          actions: assign(({ event }) => ({ target: event.companyId, error: '' })),
        },
      },
    },
    switching: {
      tags: ['busy'],
      invoke: {
        src: 'switchTo',
        input: ({ context }) => ({ companyId: context.target ?? '' }),
        onDone: [
          { guard: ({ event }) => event.output.kind === 'done', target: 'switched' },
          { target: 'loading', actions: assign(({ event }) => ({ target: null, error: event.output.kind === 'refused' ? event.output.message : '' })) },
        ],
        onError: { target: 'ready', actions: assign({ target: null }) },
      },
    },
    switched: { type: 'final' },
  },
});
