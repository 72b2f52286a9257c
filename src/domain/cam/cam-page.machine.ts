import { assign, fromPromise, setup } from 'xstate';
import { isAbortError } from '../shared/abort';
import type { Refused } from '../shared/refused';
import { confirmationProblems, exchangeBlock, needsConfirmation, type ConfirmationProblem, type ExchangeAccess, type ExchangeRefusal } from './licence-exchange';

/** A licence as the CAM page shows it (spec 2 section 3); times in epoch milliseconds. */
export interface LicenceView {
  licenceNo: string;
  offerId: number;
  product: 'nest' | 'nestTube' | '';
  startTime: number;
  endTime: number;
  expiredTime: number;
  firstUseTime: number | null;
  creationTime: number;
  version: string;
  email: string;
  isOldUser: boolean;
}

/** The caller's standing for the exchange, as the server decided it. */
export interface CamStanding {
  access: ExchangeAccess;
  points: number;
  cost: number;
  /** The server's time when it answered (epoch ms): the window is judged on it. */
  now: number;
}

export type LicencesAnswer = { kind: 'loaded'; licences: LicenceView[]; standing: CamStanding } | Refused;
export type ConfirmAnswer = { kind: 'confirmed' } | Refused;

/** Why the server refused an exchange, by the contract's names ('other' for anything else). */
export type ExchangeRefusalReason = ExchangeRefusal | 'other';

export type ExchangeAnswer =
  | { kind: 'exchanged'; licenceNo: string; expiredTime: number; points: number }
  | { kind: 'refused'; reason: ExchangeRefusalReason; message: string };

export interface ExchangeRequest {
  licenceNo: string;
  /** One key per click: a repeat of the same request never pays twice. */
  key: string;
}

export type CamNotice =
  | { kind: 'exchanged'; licenceNo: string; expiredTime: number; points: number }
  | { kind: 'exchangeRefused'; reason: ExchangeRefusalReason; message: string }
  | { kind: 'confirmRefused'; message: string };

export interface CamPageContext {
  licences: LicenceView[];
  standing: CamStanding | null;
  /** The server's words when the list could not be loaded. */
  loadError: string;
  confirmProblems: ConfirmationProblem[];
  pending: ExchangeRequest | null;
  notice: CamNotice | null;
}

export type CamPageEvent =
  | { type: 'page.reload' }
  | { type: 'confirm.submit'; realName: string; account: string }
  | { type: 'exchange.start'; licenceNo: string; key: string }
  | { type: 'notice.dismiss' };

/** Why a licence's exchange button is disabled, or null when it may be pressed (the server decides again). */
export function licenceBlock(context: Pick<CamPageContext, 'standing'>, licence: LicenceView) {
  if (!context.standing) return 'notEligible' as const;
  return exchangeBlock({ offerId: licence.offerId, expiresAt: licence.expiredTime }, context.standing);
}

/**
 * The CAM page (spec 2 section 2): loads the caller's licences and standing; an internal-domain
 * user confirms name and account first; users without an e-mail are sent to the user centre;
 * an exchange is one request per click with its own key, and the page shows the new balance and
 * expiry the server answered.
 */
export const camPageMachine = setup({
  types: {
    context: {} as CamPageContext,
    events: {} as CamPageEvent,
  },
  actors: {
    loadLicences: fromPromise<LicencesAnswer, void>(async () => {
      throw new Error('loadLicences actor not provided');
    }),
    confirm: fromPromise<ConfirmAnswer, { realName: string; account: string }>(async () => {
      throw new Error('confirm actor not provided');
    }),
    exchange: fromPromise<ExchangeAnswer, ExchangeRequest>(async () => {
      throw new Error('exchange actor not provided');
    }),
  },
  guards: {
    isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error),
    isLoaded: (_, params: { answer: LicencesAnswer }) => params.answer.kind === 'loaded',
    hasNoEmail: ({ context }) => !!context.standing && !context.standing.access.hasEmail,
    mustConfirm: ({ context }) => !!context.standing && needsConfirmation(context.standing.access),
    isConfirmFormValid: (_, params: { realName: string; account: string }) => confirmationProblems(params).length === 0,
    isConfirmed: (_, params: { answer: ConfirmAnswer }) => params.answer.kind === 'confirmed',
    isExchangeable: ({ context }, params: { licenceNo: string }) => {
      const licence = context.licences.find((l) => l.licenceNo === params.licenceNo);
      return !!licence && licenceBlock(context, licence) === null;
    },
    isExchanged: (_, params: { answer: ExchangeAnswer }) => params.answer.kind === 'exchanged',
  },
  actions: {
    assignLoaded: assign((_, params: { answer: LicencesAnswer }) =>
      params.answer.kind === 'loaded' ? { licences: params.answer.licences, standing: params.answer.standing, loadError: '' } : {},
    ),
    assignLoadError: assign((_, params: { answer: LicencesAnswer }) => ({ loadError: params.answer.kind === 'refused' ? params.answer.message : '' })),
    assignConfirmProblems: assign((_, params: { realName: string; account: string }) => ({ confirmProblems: confirmationProblems(params) })),
    clearConfirmProblems: assign({ confirmProblems: [] }),
    assignConfirmRefused: assign((_, params: { answer: ConfirmAnswer }) => ({
      notice: { kind: 'confirmRefused' as const, message: params.answer.kind === 'refused' ? params.answer.message : '' },
    })),
    assignPending: assign((_, params: ExchangeRequest) => ({ pending: { licenceNo: params.licenceNo, key: params.key }, notice: null })),
    applyExchange: assign(({ context }, params: { answer: ExchangeAnswer }) => {
      const a = params.answer;
      if (a.kind !== 'exchanged') return {};
      return {
        pending: null,
        licences: context.licences.map((l) => (l.licenceNo === a.licenceNo ? { ...l, expiredTime: a.expiredTime, endTime: Math.max(l.endTime, a.expiredTime) } : l)),
        standing: context.standing && { ...context.standing, points: a.points },
        notice: { kind: 'exchanged' as const, licenceNo: a.licenceNo, expiredTime: a.expiredTime, points: a.points },
      };
    }),
    assignExchangeRefused: assign((_, params: { answer: ExchangeAnswer }) => ({
      pending: null,
      notice: params.answer.kind === 'refused' ? { kind: 'exchangeRefused' as const, reason: params.answer.reason, message: params.answer.message } : null,
    })),
    clearPending: assign({ pending: null }),
    clearNotice: assign({ notice: null }),
  },
}).createMachine({
  id: 'camPage',
  context: { licences: [], standing: null, loadError: '', confirmProblems: [], pending: null, notice: null },
  initial: 'loading',
  on: { 'notice.dismiss': { actions: 'clearNotice' } },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadLicences',
        onDone: [
          {
            guard: { type: 'isLoaded', params: ({ event }) => ({ answer: event.output }) },
            target: 'deciding',
            actions: { type: 'assignLoaded', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: [{ guard: 'isAborted' }, { target: 'failed' }],
      },
    },
    deciding: {
      always: [{ guard: 'hasNoEmail', target: 'noEmail' }, { guard: 'mustConfirm', target: 'confirming' }, { target: 'ready' }],
    },
    noEmail: { on: { 'page.reload': 'loading' } },
    confirming: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'confirm.submit': [
              {
                guard: { type: 'isConfirmFormValid', params: ({ event }) => ({ realName: event.realName, account: event.account }) },
                target: 'submitting',
                actions: 'clearConfirmProblems',
              },
              { actions: { type: 'assignConfirmProblems', params: ({ event }) => ({ realName: event.realName, account: event.account }) } },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            src: 'confirm',
            input: ({ event }) => (event.type === 'confirm.submit' ? { realName: event.realName.trim(), account: event.account.trim() } : { realName: '', account: '' }),
            onDone: [
              { guard: { type: 'isConfirmed', params: ({ event }) => ({ answer: event.output }) }, target: '#camPage.loading' },
              { target: 'editing', actions: { type: 'assignConfirmRefused', params: ({ event }) => ({ answer: event.output }) } },
            ],
            onError: [{ guard: 'isAborted' }, { target: 'editing' }],
          },
        },
      },
    },
    ready: {
      on: {
        'exchange.start': {
          guard: { type: 'isExchangeable', params: ({ event }) => ({ licenceNo: event.licenceNo }) },
          target: 'exchanging',
          actions: { type: 'assignPending', params: ({ event }) => ({ licenceNo: event.licenceNo, key: event.key }) },
        },
        'page.reload': 'loading',
      },
    },
    exchanging: {
      tags: ['busy'],
      invoke: {
        src: 'exchange',
        input: ({ context }) => context.pending!,
        onDone: [
          {
            guard: { type: 'isExchanged', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready',
            actions: { type: 'applyExchange', params: ({ event }) => ({ answer: event.output }) },
          },
          // Refused: the server's view wins, so the page loads again (balance, window, standing).
          { target: 'loading', actions: { type: 'assignExchangeRefused', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: [{ guard: 'isAborted' }, { target: 'ready', actions: 'clearPending' }],
      },
    },
    failed: { on: { 'page.reload': 'loading' } },
  },
});
