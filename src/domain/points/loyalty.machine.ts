import { assign, fromPromise, setup } from 'xstate';
import type { Refused } from '../shared/refused';
import { loyaltyOf, type Loyalty } from './loyalty';

/** One row of the caller's points ledger, as the card lists it. */
export interface LedgerRow {
  delta: number;
  balanceAfter: number;
  reason: string;
  source: string;
  time: string;
  /** The company member who made the change, e.g. who exchanged (issue 37 item 4); '' or absent for staff's and the system's. */
  actorName?: string;
}

export type LoyaltyAnswer = { kind: 'points'; points: number; history: LedgerRow[] } | Refused;

export interface LoyaltyContext {
  /** The level read from the balance (spec 2 section 9), the one rule the server answers too. */
  loyalty: Loyalty;
  /** The newest changes, at most three. */
  latest: LedgerRow[];
}

/** How many ledger rows the card shows. */
export const LATEST_ROWS = 3;

/**
 * The user centre's loyalty card: loads the balance and the newest ledger rows (GetMallPoints,
 * GetPointsHistory), then shows the level and the progress to the next threshold; a refusal or
 * no answer shows the card's failure, and `reload` asks again (after a staff grant, say).
 */
export const loyaltyMachine = setup({
  types: { context: {} as LoyaltyContext, events: {} as { type: 'reload' } },
  actors: {
    load: fromPromise<LoyaltyAnswer>(async () => {
      throw new Error('loyaltyMachine: provide the load actor');
    }),
  },
}).createMachine({
  id: 'loyalty',
  context: { loyalty: loyaltyOf(0), latest: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: [
          { guard: ({ event }) => event.output.kind === 'refused', target: 'failed' },
          {
            target: 'shown',
            actions: assign(({ event }) => {
              const answer = event.output as Extract<LoyaltyAnswer, { kind: 'points' }>;
              return { loyalty: loyaltyOf(answer.points), latest: answer.history.slice(0, LATEST_ROWS) };
            }),
          },
        ],
        onError: 'failed',
      },
    },
    shown: { on: { reload: 'loading' } },
    failed: { on: { reload: 'loading' } },
  },
});
