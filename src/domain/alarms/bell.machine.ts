import { assign, fromPromise, setup } from 'xstate';
import type { CallAnswer } from '../shared/call-answer';
import type { AlarmKind } from './alarm-episode';

/** What a notification tells: an alarm episode's start or all clear, or a repair request raised from the machine's QR label. */
export type NoticeEvent = 'raised' | 'cleared' | 'labelRequest';

/** One message of the bell, as facts: the page words it in its own language. */
export interface BellItem {
  id: number;
  event: NoticeEvent;
  /** The alarm's kind; null for a label request. */
  kind: AlarmKind | null;
  orderNumber: string;
  machineName: string;
  /** The controller's own alarm text, or a label request's description of the fault (the requester's words). */
  alarmText: string;
  /** A label request's work order ('' for an alarm). */
  eventNum: string;
  /** The machine's live page, or the label request's work order, inside the app. */
  link: string;
  at: string;
  read: boolean;
}

export type BellCountAnswer = CallAnswer<number>;
export type BellListAnswer = CallAnswer<{ unread: number; items: BellItem[] }>;

export interface BellContext {
  /** Unread messages; null until the first answer. */
  unread: number | null;
  items: BellItem[];
  error: string;
}

export type BellEvent = { type: 'bell.open' } | { type: 'bell.close' } | { type: 'bell.retry' };

/** How long the bell waits after a failed watch before watching again. */
export const BELL_RETRY_MS = 5000;

/**
 * The shell's notification bell (issue 39 item 1): it watches the unread count (a long poll that
 * answers on each change, so the count is live while the page is open), and when opened shows
 * the newest messages and marks them read. A watch that fails rests a moment and watches again.
 */
export const bellMachine = setup({
  types: { context: {} as BellContext, events: {} as BellEvent },
  actors: {
    waitCount: fromPromise<BellCountAnswer, { known: number | null }>(async () => {
      throw new Error('bell: waitCount not provided');
    }),
    loadList: fromPromise<BellListAnswer>(async () => {
      throw new Error('bell: loadList not provided');
    }),
    markRead: fromPromise<CallAnswer<null>, { upTo: number }>(async () => {
      throw new Error('bell: markRead not provided');
    }),
  },
  delays: { retry: BELL_RETRY_MS },
}).createMachine({
  id: 'bell',
  type: 'parallel',
  context: { unread: null, items: [], error: '' },
  states: {
    count: {
      initial: 'watching',
      states: {
        watching: {
          invoke: {
            src: 'waitCount',
            input: ({ context }) => ({ known: context.unread }),
            onDone: [
              { guard: ({ event }) => event.output.kind === 'done', target: 'watching', reenter: true, actions: assign(({ event }) => ({ unread: event.output.kind === 'done' ? event.output.data : 0 })) },
              { target: 'resting' },
            ],
            onError: 'resting',
          },
        },
        resting: { after: { retry: 'watching' } },
      },
    },
    panel: {
      initial: 'closed',
      states: {
        closed: { on: { 'bell.open': 'loading' } },
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadList',
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'done',
                target: 'showing',
                actions: assign(({ event }) => (event.output.kind === 'done' ? { items: event.output.data.items, unread: event.output.data.unread, error: '' } : {})),
              },
              { target: 'failed', actions: assign(({ event }) => ({ error: event.output.kind === 'refused' ? event.output.message : '' })) },
            ],
            onError: 'failed',
          },
          on: { 'bell.close': 'closed' },
        },
        showing: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: ({ context }) => (context.unread ?? 0) > 0 && context.items.length > 0, target: 'marking' }, { target: 'read' }] },
            // What is shown is read: the count drops at once, and the server is told up to the newest shown.
            marking: {
              entry: assign({ unread: 0 }),
              invoke: { src: 'markRead', input: ({ context }) => ({ upTo: Math.max(...context.items.map((i) => i.id)) }), onDone: 'read', onError: 'read' },
            },
            read: {},
          },
          on: { 'bell.close': 'closed' },
        },
        failed: { on: { 'bell.retry': 'loading', 'bell.close': 'closed' } },
      },
    },
  },
});
