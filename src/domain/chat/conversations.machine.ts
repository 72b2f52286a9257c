import { assign, fromPromise, raise, setup } from 'xstate';
import type { Refused } from '../shared/refused';
import type { ChatMessage } from './chat.machine';

/** A conversation in the history list. */
export interface ConversationSummary {
  id: string;
  title: string;
  /** Milliseconds since 1970: the last message. */
  updatedAt: number;
}

export type ConversationsAnswer = { kind: 'list'; rows: ConversationSummary[] } | Refused;
export type ConversationAnswer = { kind: 'found'; id: string; messages: ChatMessage[] } | { kind: 'missing' } | Refused;
export type RemoveAnswer = { kind: 'deleted' } | Refused;

export interface ConversationsContext {
  /** null until the first list came. */
  rows: ConversationSummary[] | null;
  failed: boolean;
  /** Coming to the page continues the latest conversation: once, after the first list. */
  continueLatest: boolean;
  /** The conversation being removed. */
  removing: string | null;
}

export type ConversationsEvent = { type: 'list.reload' } | { type: 'conversation.open'; id: string } | { type: 'conversation.remove'; id: string };

/**
 * The assistant page's history (issue 20): the caller's conversations, the latest continued when
 * the page opens, one opened or removed on request. What a conversation holds goes to the chat
 * machine through `openConversation` (the screen sends it on), a removal is told by
 * `notifyRemoved` (the screen starts a new chat when it was the one open), and the list loads
 * again after it.
 */
export const conversationsMachine = setup({
  types: {
    context: {} as ConversationsContext,
    events: {} as ConversationsEvent,
  },
  actors: {
    loadList: fromPromise<ConversationsAnswer>(async () => {
      throw new Error('conversations: loadList not provided');
    }),
    loadConversation: fromPromise<ConversationAnswer, { id: string }>(async () => {
      throw new Error('conversations: loadConversation not provided');
    }),
    removeConversation: fromPromise<RemoveAnswer, { id: string }>(async () => {
      throw new Error('conversations: removeConversation not provided');
    }),
  },
  actions: {
    openConversation: (_, _params: { id: string; messages: ChatMessage[] }) => {},
    notifyRemoved: (_, _params: { id: string }) => {},
  },
}).createMachine({
  id: 'conversations',
  type: 'parallel',
  context: { rows: null, failed: false, continueLatest: true, removing: null },
  states: {
    list: {
      initial: 'loading',
      on: { 'list.reload': { target: '.loading' } },
      states: {
        loading: {
          invoke: {
            src: 'loadList',
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'list',
                target: 'ready',
                actions: assign(({ event }) => (event.output.kind === 'list' ? { rows: event.output.rows, failed: false } : {})),
              },
              { target: 'ready', actions: assign({ failed: true }) },
            ],
            onError: { target: 'ready', actions: assign({ failed: true }) },
          },
        },
        ready: {
          always: {
            guard: ({ context }) => context.continueLatest && !!context.rows?.length,
            actions: [assign({ continueLatest: false }), raise(({ context }) => ({ type: 'conversation.open' as const, id: context.rows![0]!.id }))],
          },
        },
      },
    },
    opening: {
      initial: 'idle',
      states: {
        idle: { on: { 'conversation.open': 'loading' } },
        loading: {
          on: { 'conversation.open': { target: 'loading', reenter: true } },
          invoke: {
            src: 'loadConversation',
            input: ({ event }) => ({ id: (event as { id: string }).id }),
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'found',
                target: 'idle',
                actions: { type: 'openConversation', params: ({ event }) => (event.output.kind === 'found' ? { id: event.output.id, messages: event.output.messages } : { id: '', messages: [] }) },
              },
              { target: 'idle' },
            ],
            onError: { target: 'idle' },
          },
        },
      },
    },
    removing: {
      initial: 'idle',
      states: {
        idle: { on: { 'conversation.remove': { target: 'working', actions: assign(({ event }) => ({ removing: event.id })) } } },
        working: {
          invoke: {
            src: 'removeConversation',
            input: ({ context }) => ({ id: context.removing! }),
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'deleted',
                target: 'idle',
                actions: [{ type: 'notifyRemoved', params: ({ context }) => ({ id: context.removing! }) }, raise({ type: 'list.reload' })],
              },
              { target: 'idle' },
            ],
            onError: { target: 'idle' },
          },
        },
      },
    },
  },
});
