import { isAbortError } from '../shared/abort';
import { assign, fromPromise, setup } from 'xstate';
import type { Refused } from '../shared/refused';

/** `MachineType` of `api/WarrantyRule/GetList`: 0 laser cutting machine, 1 hand-held welding. */
export type WarrantyMachineType = '0' | '1';
export const WARRANTY_MACHINE_TYPES: readonly WarrantyMachineType[] = ['0', '1'];

/** A warranty rule (spec 2 section 3); the page uses the first item of the list. */
export interface WarrantyRule {
  Id?: number | string;
  MachineType?: number | string;
  Title: string;
  WarrantyScope: string;
  NotWarrantyScope: string;
  ServiceProcess: string;
}

/** A machine type's policy (the first rule listed), the server's message when there is none, or a refusal. */
export type WarrantyAnswer = { kind: 'rule'; rule: WarrantyRule } | { kind: 'none'; message: string } | Refused;

export interface WarrantyQuery {
  machineType: WarrantyMachineType;
  lang: 'zh' | 'en';
}

type RuleState = { status: 'loading' } | { status: 'ready'; rule: WarrantyRule } | { status: 'empty'; message: string } | { status: 'failed' };

export interface WarrantyPolicyContext {
  lang: 'zh' | 'en';
  machineType: WarrantyMachineType;
  /** What each tab shows, loaded on first visit and kept. */
  rules: Partial<Record<WarrantyMachineType, RuleState>>;
}

export type WarrantyPolicyEvent =
  | { type: 'tab.select'; machineType: WarrantyMachineType }
  | { type: 'language.change'; lang: 'zh' | 'en' };

/** Warranty policy page: two machine-type tabs, each loading its rule once. */
export const warrantyPolicyMachine = setup({
  types: {
    context: {} as WarrantyPolicyContext,
    events: {} as WarrantyPolicyEvent,
    input: {} as { lang: 'zh' | 'en'; machineType?: WarrantyMachineType },
  },
  actors: {
    loadRule: fromPromise<WarrantyAnswer, WarrantyQuery>(async () => {
      throw new Error('loadRule actor not provided');
    }),
  },
  guards: {
    isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error),
    isLoaded: ({ context, event }) => event.type === 'tab.select' && context.rules[event.machineType]?.status === 'ready',
  },
  actions: {
    selectTab: assign(({ event }) => (event.type === 'tab.select' ? { machineType: event.machineType } : {})),
    markLoading: assign(({ context }) => ({ rules: { ...context.rules, [context.machineType]: { status: 'loading' } } })),
    changeLanguage: assign(({ event }) => (event.type === 'language.change' ? { lang: event.lang, rules: {} } : {})),
    // A refusal shows as "no policy" too, with the server's words.
    assignAnswer: assign(({ context }, params: { machineType: WarrantyMachineType; answer: WarrantyAnswer }) => {
      const { answer } = params;
      const state: RuleState = answer.kind === 'rule' ? { status: 'ready', rule: answer.rule } : { status: 'empty', message: answer.message };
      return { rules: { ...context.rules, [params.machineType]: state } };
    }),
    assignFailed: assign(({ context }, params: { machineType: WarrantyMachineType }) => ({
      rules: { ...context.rules, [params.machineType]: { status: 'failed' } },
    })),
  },
}).createMachine({
  id: 'warrantyPolicy',
  context: ({ input }) => ({ lang: input.lang, machineType: input.machineType ?? '0', rules: {} }),
  initial: 'loading',
  on: {
    'tab.select': [
      { guard: 'isLoaded', target: '.showing', actions: 'selectTab' },
      { target: '.loading', actions: 'selectTab', reenter: true },
    ],
    'language.change': { target: '.loading', actions: 'changeLanguage', reenter: true },
  },
  states: {
    loading: {
      tags: ['busy'],
      entry: 'markLoading',
      invoke: {
        src: 'loadRule',
        input: ({ context }) => ({ machineType: context.machineType, lang: context.lang }),
        onDone: {
          target: 'showing',
          actions: {
            type: 'assignAnswer',
            params: ({ context, event }) => ({ machineType: context.machineType, answer: event.output }),
          },
        },
        onError: [{ guard: 'isAborted' }, { target: 'showing', actions: { type: 'assignFailed', params: ({ context }) => ({ machineType: context.machineType }) } }],
      },
    },
    showing: {},
  },
});
