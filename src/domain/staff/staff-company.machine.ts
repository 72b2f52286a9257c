import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CallAnswer } from '../shared/call-answer';
import { machineMoveProblem, type MachineMoveDraft, type MachineMoveProblem, type StaffCompany, type StaffCompanyDetail } from './company-move';
import type { PageAnswer } from './paged-list.machine';

/**
 * The console's page of one company (`Staff/GetCompany`): its members and machines, and moving one
 * of its machines to another company (`Staff/MoveMachine`), found by a search of the companies
 * (`Staff/GetCompanies`). A move the shared rule refuses is never sent; the company taking it is
 * one the search found and never this one; while the move is sent nothing of it changes; a move
 * done reloads the company and names the machine moved; a refusal keeps the dialog with its words.
 */

export type CompanyAnswer = CallAnswer<StaffCompanyDetail, 'staffOnly' | 'notFound'>;
export type MoveRefusalName = 'unknownMachine' | 'notBound' | 'movedMeanwhile' | 'unknownCompany' | 'sameCompany';
export type MoveAnswer = CallAnswer<unknown, 'staffOnly' | MoveRefusalName>;

/** The refusals of a move the dialog words itself (message keys of the staff area). */
export const MOVE_REFUSAL_KEYS: Record<MoveRefusalName, string> = {
  unknownMachine: 'staff.companies.refused.unknownMachine',
  notBound: 'staff.companies.refused.notBound',
  movedMeanwhile: 'staff.companies.refused.movedMeanwhile',
  unknownCompany: 'staff.companies.refused.unknownCompany',
  sameCompany: 'staff.companies.error.sameCompany',
};

/** The most companies a search offers to take the machine. */
export const TARGETS_SHOWN = 8;

export interface MoveDialog {
  draft: MachineMoveDraft;
  machineName: string;
  /** The search last sent ('' before the first). */
  search: string;
  /** The companies it found, this one left out. */
  targets: StaffCompany[];
  searched: boolean;
}

export interface StaffCompanyContext {
  companyId: string;
  company: StaffCompanyDetail | null;
  move: MoveDialog | null;
  /** The rule the draft breaks, or the words of a refusal (message keys). */
  problem: MachineMoveProblem | string | null;
  /** The server's own words of a refusal it did not name ('' for none). */
  message: string;
  /** The machine moved last ('' before the first): the page says so. */
  moved: string;
}

export type StaffCompanyEvent =
  | { type: 'details.reload' }
  | { type: 'move.open'; orderNumber: string }
  | { type: 'move.cancel' }
  | { type: 'target.search'; search: string }
  | { type: 'target.choose'; companyId: string }
  | { type: 'move.submit' };

const problemOf = (move: MoveDialog | null) => (move ? machineMoveProblem(move.draft) : 'staff.companies.error.noMachine');

export const staffCompanyMachine = setup({
  types: {} as { context: StaffCompanyContext; events: StaffCompanyEvent; input: { companyId: string }; tags: 'busy' },
  actors: {
    load: fromPromise<CompanyAnswer, { companyId: string }>(async () => {
      throw new Error('staffCompanyMachine: provide the load actor');
    }),
    findTargets: fromPromise<PageAnswer<StaffCompany>, { search: string }>(async () => {
      throw new Error('staffCompanyMachine: provide the findTargets actor');
    }),
    move: fromPromise<MoveAnswer, MachineMoveDraft>(async () => {
      throw new Error('staffCompanyMachine: provide the move actor');
    }),
  },
  guards: {
    isOwnMachine: ({ context, event }) => {
      assertEvent(event, 'move.open');
      return context.company?.machineList.some((m) => m.orderNumber === event.orderNumber) ?? false;
    },
    isFoundTarget: ({ context, event }) => {
      assertEvent(event, 'target.choose');
      return context.move?.targets.some((t) => t.companyId === event.companyId) ?? false;
    },
    hasSearch: ({ event }) => {
      assertEvent(event, 'target.search');
      return event.search.trim().length > 0;
    },
    hasMoveProblem: ({ context }) => problemOf(context.move) !== null,
  },
}).createMachine({
  id: 'staffCompany',
  context: ({ input }) => ({ companyId: input.companyId, company: null, move: null, problem: null, message: '', moved: '' }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ move: null, problem: null, message: '' }),
      invoke: {
        src: 'load',
        input: ({ context }) => ({ companyId: context.companyId }),
        onDone: [
          { guard: ({ event }) => event.output.kind === 'done', target: 'ready', actions: assign({ company: ({ event }) => (event.output as { data: StaffCompanyDetail }).data }) },
          { guard: ({ event }) => event.output.kind === 'staffOnly', target: 'forbidden' },
          { guard: ({ event }) => event.output.kind === 'notFound', target: 'notFound' },
          { target: 'failed', actions: assign({ message: ({ event }) => (event.output.kind === 'refused' ? event.output.message : '') }) },
        ],
        onError: { target: 'failed', actions: assign({ message: '' }) },
      },
    },
    failed: { on: { 'details.reload': 'loading' } },
    notFound: {},
    forbidden: {},
    ready: {
      initial: 'idle',
      on: { 'details.reload': { target: 'loading', actions: assign({ moved: '' }) } },
      states: {
        idle: {
          on: {
            'move.open': {
              guard: 'isOwnMachine',
              target: 'choosing',
              actions: assign(({ context, event }) => ({
                moved: '',
                problem: null,
                message: '',
                move: {
                  draft: { orderNumber: event.orderNumber, fromCompanyId: context.companyId, toCompanyId: '' },
                  machineName: context.company?.machineList.find((m) => m.orderNumber === event.orderNumber)?.name ?? '',
                  search: '',
                  targets: [],
                  searched: false,
                },
              })),
            },
          },
        },
        choosing: {
          on: {
            'move.cancel': { target: 'idle', actions: assign({ move: null, problem: null, message: '' }) },
            'target.search': { guard: 'hasSearch', target: 'searching', actions: assign(({ context, event }) => ({ move: { ...context.move!, search: event.search.trim() }, message: '' })) },
            'target.choose': {
              guard: 'isFoundTarget',
              actions: assign(({ context, event }) => {
                const move = { ...context.move!, draft: { ...context.move!.draft, toCompanyId: event.companyId } };
                return { move, problem: null, message: '' };
              }),
            },
            'move.submit': [
              { guard: 'hasMoveProblem', actions: assign(({ context }) => ({ problem: problemOf(context.move), message: '' })) },
              { target: 'sending', actions: assign({ problem: null, message: '' }) },
            ],
          },
        },
        searching: {
          tags: ['busy'],
          on: { 'move.cancel': { target: 'idle', actions: assign({ move: null, problem: null, message: '' }) } },
          invoke: {
            src: 'findTargets',
            input: ({ context }) => ({ search: context.move!.search }),
            onDone: [
              { guard: ({ event }) => event.output.kind === 'forbidden', target: '#staffCompany.forbidden' },
              {
                guard: ({ event }) => event.output.kind === 'page',
                target: 'choosing',
                actions: assign(({ context, event }) => {
                  const found = (event.output as { rows: StaffCompany[] }).rows.filter((c) => c.companyId.toLowerCase() !== context.companyId.toLowerCase()).slice(0, TARGETS_SHOWN);
                  const kept = found.some((c) => c.companyId === context.move!.draft.toCompanyId) ? context.move!.draft.toCompanyId : '';
                  return { move: { ...context.move!, targets: found, searched: true, draft: { ...context.move!.draft, toCompanyId: kept } } };
                }),
              },
              { target: 'choosing', actions: assign({ message: ({ event }) => (event.output.kind === 'refused' ? event.output.message : '') }) },
            ],
            onError: { target: 'choosing', actions: assign({ message: '' }) },
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            src: 'move',
            input: ({ context }) => context.move!.draft,
            onDone: [
              { guard: ({ event }) => event.output.kind === 'done', target: '#staffCompany.loading', actions: assign({ moved: ({ context }) => context.move!.draft.orderNumber }) },
              { guard: ({ event }) => event.output.kind === 'staffOnly', target: '#staffCompany.forbidden' },
              {
                target: 'choosing',
                actions: assign(({ event }) => {
                  const kind = event.output.kind;
                  if (kind === 'refused') return { problem: null, message: (event.output as { message: string }).message };
                  return { problem: MOVE_REFUSAL_KEYS[kind as MoveRefusalName] ?? null, message: '' };
                }),
              },
            ],
            // No answer at all: the HTTP adapter said why (network, timeout); the dialog stays.
            onError: { target: 'choosing', actions: assign({ message: '' }) },
          },
        },
      },
    },
  },
});
