import { assign, fromCallback, sendTo, setup } from 'xstate';
import type { SheetFrame, SheetRefusal } from './sheet-protocol';
import { applyUpdate, LIVE_KEYS, parseValuesRecord, zeroValues, type LiveKey, type LiveValues } from './live-values';
import { OFFLINE_STATE } from './state-groups';
import { ANSWER_TIMEOUT_MS, QUERY_INTERVAL_MS, READY_TIMEOUT_MS, RECONNECT_MS, UNANSWERED_QUERIES_TO_REOPEN } from './telemetry-constants';

/** The keys a sheet page asks for: everything it shows (gas pressure is a tube gauge). */
export const SHEET_QUERY_KEYS: readonly LiveKey[] = LIVE_KEYS.filter((key) => key !== 'CutPressure');

export interface SheetLiveInput {
  orderNumber: string;
}

export interface SheetLiveContext {
  orderNumber: string;
  values: LiveValues;
  /** The machine's last message time, as the server reported it. */
  at: string;
  /** The data service's refusal of a query or of the login, until values come again. */
  refusal: SheetRefusal | null;
  /** How the last socket ended (close code), null while none has closed since the last good answer. */
  closeCode: number | null;
  nextQueryId: number;
  /** Queries sent on this socket since its last answer of any kind. */
  unanswered: number;
}

/** What the socket actor reports. */
export type SheetLiveEvent =
  | { type: 'socket.ready' }
  | { type: 'socket.values'; orderNumber: string; at: string; values: unknown }
  | { type: 'socket.offline'; orderNumber: string; info: string }
  | { type: 'socket.refused'; refusal: SheetRefusal }
  | { type: 'socket.closed'; code: number };

/** What the machine asks the socket actor to send. */
export type SheetSocketCommand = { type: 'socket.query'; id: number; orderNumber: string; keys: readonly string[] };

const offline = (): LiveValues => zeroValues(OFFLINE_STATE.sheet);

/** The machine event a data service frame means: ready, values, a server-message (offline) or a refusal. */
export function eventOfFrame(frame: SheetFrame): SheetLiveEvent {
  switch (frame.type) {
    case 'ready':
      return { type: 'socket.ready' };
    case 'values':
      return { type: 'socket.values', orderNumber: frame.orderNumber, at: frame.at, values: frame.values };
    case 'server-message':
      return { type: 'socket.offline', orderNumber: frame.orderNumber, info: frame.info };
    case 'refused':
      return { type: 'socket.refused', refusal: frame.refusal };
  }
}

/**
 * A sheet machine's live page over the websocket data service (spec 2 section 4, ADR 0005): once
 * the socket is ready, a query every 2 s; values update the page; a server-message, a refusal, a
 * closed socket or three missed answers show offline with zero values; a closed socket is opened
 * again after 2 s, and so is one that never says ready or leaves five queries in a row unanswered.
 */
export const sheetLiveMachine = setup({
  types: {
    context: {} as SheetLiveContext,
    events: {} as SheetLiveEvent,
    input: {} as SheetLiveInput,
    tags: {} as 'live' | 'offline',
  },
  actors: {
    /** Opens the data socket and reports `socket.*` events; takes `socket.query` commands. The composition root provides it. */
    socket: fromCallback<SheetSocketCommand, SheetLiveInput>(({ sendBack }) => {
      sendBack({ type: 'socket.closed', code: 0 });
    }),
  },
  delays: { queryInterval: QUERY_INTERVAL_MS, reconnectDelay: RECONNECT_MS, answerTimeout: ANSWER_TIMEOUT_MS, readyTimeout: READY_TIMEOUT_MS },
  guards: {
    isStuck: ({ context }) => context.unanswered >= UNANSWERED_QUERIES_TO_REOPEN,
    isOurs: ({ context, event }) =>
      (event.type === 'socket.values' || event.type === 'socket.offline') &&
      (event.orderNumber === '' || event.orderNumber === context.orderNumber),
  },
  actions: {
    sendQuery: sendTo('socket', ({ context }): SheetSocketCommand => ({
      type: 'socket.query',
      id: context.nextQueryId,
      orderNumber: context.orderNumber,
      keys: SHEET_QUERY_KEYS,
    })),
    countQuery: assign({ nextQueryId: ({ context }) => context.nextQueryId + 1, unanswered: ({ context }) => context.unanswered + 1 }),
    countAnswer: assign({ unanswered: 0 }),
    applyValues: assign(({ context, event }) =>
      event.type === 'socket.values'
        ? { values: applyUpdate(context.values, parseValuesRecord(event.values)), at: event.at, refusal: null, closeCode: null }
        : {},
    ),
    zeroValues: assign({ values: offline, at: '' }),
    assignRefusal: assign(({ event }) => (event.type === 'socket.refused' ? { refusal: event.refusal } : {})),
    assignClosed: assign(({ event }) => (event.type === 'socket.closed' ? { closeCode: event.code } : {})),
    clearClosed: assign({ closeCode: null }),
  },
}).createMachine({
  id: 'sheetLive',
  context: ({ input }) => ({ orderNumber: input.orderNumber, values: offline(), at: '', refusal: null, closeCode: null, nextQueryId: 1, unanswered: 0 }),
  type: 'parallel',
  states: {
    link: {
      initial: 'session',
      states: {
        session: {
          entry: 'countAnswer',
          invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ orderNumber: context.orderNumber }) },
          initial: 'connecting',
          states: {
            connecting: {
              on: { 'socket.ready': { target: 'open', actions: 'clearClosed' } },
              // A socket that opened but never logged in (a server restarting under load) is not waited on forever.
              after: { readyTimeout: { target: '#sheetLive.link.retrying' } },
            },
            open: {
              entry: ['sendQuery', 'countQuery'],
              // Re-entered every interval, so each entry sends the next query; a socket that has
              // stopped answering altogether is given up and a new one opened.
              after: { queryInterval: [{ guard: 'isStuck', target: '#sheetLive.link.retrying' }, { target: 'open', reenter: true }] },
            },
          },
          on: {
            'socket.closed': { target: 'retrying', actions: 'assignClosed' },
            'socket.values': { actions: 'countAnswer' },
            'socket.offline': { actions: 'countAnswer' },
            'socket.refused': { actions: 'countAnswer' },
          },
        },
        retrying: {
          after: { reconnectDelay: { target: 'session' } },
        },
      },
    },
    data: {
      initial: 'offline',
      on: {
        'socket.offline': { guard: 'isOurs', target: '.offline', actions: 'zeroValues' },
        'socket.closed': { target: '.offline', actions: 'zeroValues' },
        'socket.refused': { target: '.offline', actions: ['zeroValues', 'assignRefusal'] },
      },
      states: {
        offline: {
          tags: ['offline'],
          on: { 'socket.values': { guard: 'isOurs', target: 'live', actions: 'applyValues' } },
        },
        live: {
          tags: ['live'],
          after: { answerTimeout: { target: 'offline', actions: 'zeroValues' } },
          on: { 'socket.values': { guard: 'isOurs', target: 'live', reenter: true, actions: 'applyValues' } },
        },
      },
    },
  },
});
