import { assign, fromCallback, setup, type EventObject } from 'xstate';
import { applyUpdate, hasValues, parseLiveMessage, zeroValues, type LiveValues } from './live-values';
import { OFFLINE_STATE } from './state-groups';
import { SILENCE_MS } from './telemetry-constants';

/** Why the message bus is not delivering: the connection, the subscription (not your machine), or no feed at all. */
export type FeedFailure = 'connect' | 'subscribe' | 'unavailable';

export interface FeedError {
  reason: FeedFailure;
  /** The library's or broker's own words, shown as they came. */
  detail: string;
}

export interface TubeLiveInput {
  orderNumber: string;
}

export interface TubeLiveContext {
  orderNumber: string;
  values: LiveValues;
  error: FeedError | null;
}

/** What the feed actor reports. */
export type TubeLiveEvent =
  | { type: 'feed.message'; payload: unknown }
  | { type: 'feed.connected' }
  | { type: 'feed.reconnecting' }
  | { type: 'feed.failed'; reason: FeedFailure; detail: string };

const offline = (): LiveValues => zeroValues(OFFLINE_STATE.tube);

/**
 * A tube machine's live page over the message bus (spec 2 section 4): each message updates the
 * values; 3 s without one, or the connection lost, shows offline with zero values. In parallel, the link region follows
 * the connection and keeps its last error to show.
 */
export const tubeLiveMachine = setup({
  types: {
    context: {} as TubeLiveContext,
    events: {} as TubeLiveEvent,
    input: {} as TubeLiveInput,
    tags: {} as 'live' | 'offline',
  },
  actors: {
    /** Subscribes to the machine's topic and reports `feed.*` events; the composition root provides it. */
    feed: fromCallback<EventObject, TubeLiveInput>(({ sendBack }) => {
      sendBack({ type: 'feed.failed', reason: 'unavailable', detail: 'feed actor not provided' });
    }),
  },
  delays: { silence: SILENCE_MS },
  guards: {
    hasValues: ({ event }) => event.type === 'feed.message' && hasValues(parseLiveMessage(event.payload)),
  },
  actions: {
    applyMessage: assign(({ context, event }) =>
      event.type === 'feed.message' ? { values: applyUpdate(context.values, parseLiveMessage(event.payload)) } : {},
    ),
    zeroValues: assign({ values: offline }),
    assignError: assign(({ event }) => (event.type === 'feed.failed' ? { error: { reason: event.reason, detail: String(event.detail ?? '') } } : {})),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'tubeLive',
  context: ({ input }) => ({ orderNumber: input.orderNumber, values: offline(), error: null }),
  invoke: { src: 'feed', input: ({ context }) => ({ orderNumber: context.orderNumber }) },
  type: 'parallel',
  states: {
    data: {
      initial: 'offline',
      states: {
        offline: {
          tags: ['offline'],
          on: { 'feed.message': { guard: 'hasValues', target: 'live', actions: 'applyMessage' } },
        },
        live: {
          tags: ['live'],
          after: { silence: { target: 'offline', actions: 'zeroValues' } },
          // Re-entered on every message, so the silence timer starts again. A lost connection shows
          // offline at once, as the sheet page does on a closed socket: a portal or broker restart
          // shorter than the silence would otherwise never show (issue 22, item 2).
          on: {
            'feed.message': { guard: 'hasValues', target: 'live', reenter: true, actions: 'applyMessage' },
            'feed.reconnecting': { target: 'offline', actions: 'zeroValues' },
            'feed.failed': { target: 'offline', actions: 'zeroValues' },
          },
        },
      },
    },
    link: {
      initial: 'connecting',
      states: {
        connecting: {},
        connected: {},
        reconnecting: {},
        failed: {},
      },
      on: {
        'feed.connected': { target: '.connected', actions: 'clearError' },
        // A message proves the connection and the subscription.
        'feed.message': { guard: 'hasValues', target: '.connected', actions: 'clearError' },
        'feed.reconnecting': { target: '.reconnecting' },
        'feed.failed': { target: '.failed', actions: 'assignError' },
      },
    },
  },
});
