import { assign, fromPromise, setup } from 'xstate';

/** What the test page checks, in order: the API with the login, the live machine data (`/mqtt`), the sheet data service (`/ws/data`). */
export const CONNECTION_CHECKS = ['session', 'live', 'data'] as const;
export type ConnectionCheck = (typeof CONNECTION_CHECKS)[number];

/** One probe's answer: how long it took, or why it failed (the login expired, or no answer in time). */
export type ProbeAnswer = { ok: true; ms: number } | { ok: false; reason: 'expired' | 'unreachable' };

export type CheckResult = { status: 'waiting' } | { status: 'running' } | { status: 'passed'; ms: number } | { status: 'failed'; reason: 'expired' | 'unreachable' };

export interface ConnectionTestContext {
  results: Record<ConnectionCheck, CheckResult>;
  /** The index in CONNECTION_CHECKS of the check that runs (or ran last). */
  current: number;
}

export type ConnectionTestEvent = { type: 'check.run' };

const waiting = (): Record<ConnectionCheck, CheckResult> => ({ session: { status: 'waiting' }, live: { status: 'waiting' }, data: { status: 'waiting' } });

const checkAt = (context: ConnectionTestContext): ConnectionCheck => CONNECTION_CHECKS[Math.min(context.current, CONNECTION_CHECKS.length - 1)]!;

const resultOf = (answer: ProbeAnswer): CheckResult => (answer.ok ? { status: 'passed', ms: Math.max(0, Math.round(answer.ms)) } : { status: 'failed', reason: answer.reason });

/**
 * The `/test` page (spec 1's "test page"; ADR 0031): checks, one after the other, that this browser
 * reaches the portal's API with its login, the live machine data and the sheet data service, and
 * keeps each result with its time; `check.run` runs them again once they are done.
 */
export const connectionTestMachine = setup({
  types: {
    context: {} as ConnectionTestContext,
    events: {} as ConnectionTestEvent,
    tags: {} as 'running',
  },
  actors: {
    probe: fromPromise<ProbeAnswer, { check: ConnectionCheck }>(async () => {
      throw new Error('connectionTest: provide the probe actor');
    }),
  },
  guards: {
    isLastCheck: ({ context }) => context.current >= CONNECTION_CHECKS.length - 1,
  },
  actions: {
    markRunning: assign(({ context }) => ({ results: { ...context.results, [checkAt(context)]: { status: 'running' } } })),
    record: assign(({ context }, params: { result: CheckResult }) => ({ results: { ...context.results, [checkAt(context)]: params.result } })),
    nextCheck: assign(({ context }) => ({ current: context.current + 1 })),
    restart: assign({ results: waiting, current: 0 }),
  },
}).createMachine({
  id: 'connectionTest',
  context: { results: waiting(), current: 0 },
  initial: 'checking',
  states: {
    checking: {
      tags: 'running',
      entry: 'markRunning',
      invoke: {
        src: 'probe',
        input: ({ context }) => ({ check: checkAt(context) }),
        onDone: [
          { guard: 'isLastCheck', target: 'done', actions: { type: 'record', params: ({ event }) => ({ result: resultOf(event.output) }) } },
          { target: 'checking', reenter: true, actions: [{ type: 'record', params: ({ event }) => ({ result: resultOf(event.output) }) }, 'nextCheck'] },
        ],
        // A probe that throws did not reach the portal.
        onError: [
          { guard: 'isLastCheck', target: 'done', actions: { type: 'record', params: { result: { status: 'failed', reason: 'unreachable' } } } },
          { target: 'checking', reenter: true, actions: [{ type: 'record', params: { result: { status: 'failed', reason: 'unreachable' } } }, 'nextCheck'] },
        ],
      },
    },
    done: {
      on: { 'check.run': { target: 'checking', actions: 'restart' } },
    },
  },
});

/** Whether every check passed (false while one runs or waits). */
export const allPassed = (context: ConnectionTestContext): boolean => CONNECTION_CHECKS.every((c) => context.results[c].status === 'passed');
