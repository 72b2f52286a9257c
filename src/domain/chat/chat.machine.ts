import { assign, fromCallback, setup } from 'xstate';
import { HISTORY_MAX_MESSAGES, questionProblem, type QuestionProblem } from './chat-rules';
import type { Citation } from './citations';

/** A chat message (spec 3 section 3): text, reasoning text, side, time; the avatar follows from the side. */
export interface ChatMessage {
  id: string;
  side: 'self' | 'assistant';
  text: string;
  reasoning: string;
  /** Milliseconds since 1970. */
  time: number;
  citations: Citation[];
  /** How an answer ended; null for a question and for an answer still streaming. */
  ending: 'done' | 'stopped' | 'failed' | null;
}

/** One turn as the chat call takes it (`messages: [{role, content}]`). */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** What the `ask` actor is given: the conversation to continue (null for a new one) and the turns, the question last. */
export interface AskInput {
  conversationId: string | null;
  messages: ChatTurn[];
  /** The page's language: the server words its refusals in it (the answer follows the question's own). */
  lang: 'zh' | 'en';
}

/** What the `ask` actor reports while the answer streams. */
export type StreamReport =
  | { type: 'stream.meta'; conversationId: string }
  | { type: 'stream.delta'; content: string; reasoning: string }
  | { type: 'stream.citations'; citations: Citation[] }
  | { type: 'stream.done' }
  | { type: 'stream.failed'; message: string };

export type ChatEvent =
  | { type: 'chat.send'; text: string; at: number }
  | { type: 'chat.stop' }
  | { type: 'chat.open'; conversationId: string; messages: ChatMessage[] }
  | { type: 'chat.new' }
  | { type: 'warning.dismiss' }
  | { type: 'chat.language'; lang: 'zh' | 'en' }
  | StreamReport;

export interface ChatContext {
  conversationId: string | null;
  messages: ChatMessage[];
  /** Why the last send was refused on the page (empty: 请输入内容), null when it was not. */
  warning: QuestionProblem | null;
  /** Messages made so far: ids of the page's own messages. */
  seq: number;
  lang: 'zh' | 'en';
}

/** The turns the call sends: the conversation's last messages (the question last); answers that failed are left out. */
export function turnsOf(messages: readonly ChatMessage[]): ChatTurn[] {
  return messages
    .filter((m) => m.text.trim() !== '' && m.ending !== 'failed')
    .slice(-HISTORY_MAX_MESSAGES)
    .map((m) => ({ role: m.side === 'self' ? 'user' : 'assistant', content: m.text }));
}

const updateLast = (messages: ChatMessage[], change: (m: ChatMessage) => ChatMessage) => [...messages.slice(0, -1), change(messages[messages.length - 1]!)];

/**
 * The chat (spec 3 section 4, issue 20): ready; a question goes to waiting for the first content
 * (the thinking label); the first piece of text or reasoning starts streaming (the stop button);
 * the end marker, a failure or stop bring it back to ready. Leaving the asking states stops the
 * `ask` actor, whose cleanup aborts the request (and the server then aborts its upstream one).
 * An empty question stays ready with the warning (请输入内容). Errors are only logged (spec 3
 * section 8): the answer keeps what came and is marked failed.
 */
export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    tags: {} as 'asking',
  },
  actors: {
    ask: fromCallback<ChatEvent, AskInput>(() => {
      throw new Error('ask actor not provided');
    }),
  },
  actions: {
    /** Logs why an answer failed (spec 3 section 8: chat errors are only logged); the screen provides it. */
    logFailure: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'chat',
  context: { conversationId: null, messages: [], warning: null, seq: 0, lang: 'zh' },
  initial: 'ready',
  on: {
    'warning.dismiss': { actions: assign({ warning: null }) },
    'chat.language': { actions: assign({ lang: ({ event }) => event.lang }) },
  },
  states: {
    ready: {
      on: {
        'chat.send': [
          {
            guard: ({ event }) => questionProblem(event.text) !== null,
            actions: assign({ warning: ({ event }) => questionProblem(event.text) }),
          },
          {
            target: 'asking',
            actions: assign(({ context, event }) => ({
              warning: null,
              seq: context.seq + 2,
              messages: [
                ...context.messages,
                { id: `local-${context.seq + 1}`, side: 'self', text: event.text.trim(), reasoning: '', time: event.at, citations: [], ending: null },
                { id: `local-${context.seq + 2}`, side: 'assistant', text: '', reasoning: '', time: event.at, citations: [], ending: null },
              ],
            })),
          },
        ],
        'chat.open': { actions: assign(({ event }) => ({ conversationId: event.conversationId, messages: event.messages, warning: null })) },
        'chat.new': { actions: assign({ conversationId: null, messages: [], warning: null }) },
      },
    },
    asking: {
      tags: 'asking',
      invoke: {
        src: 'ask',
        input: ({ context }) => ({ conversationId: context.conversationId, messages: turnsOf(context.messages.slice(0, -1)), lang: context.lang }),
      },
      on: {
        'stream.meta': { actions: assign({ conversationId: ({ event }) => event.conversationId }) },
        'stream.citations': { actions: assign({ messages: ({ context, event }) => updateLast(context.messages, (m) => ({ ...m, citations: event.citations })) }) },
        'stream.done': { target: 'ready', actions: assign({ messages: ({ context }) => updateLast(context.messages, (m) => ({ ...m, ending: 'done' })) }) },
        'stream.failed': {
          target: 'ready',
          actions: [
            assign({ messages: ({ context }) => updateLast(context.messages, (m) => ({ ...m, ending: 'failed' })) }),
            { type: 'logFailure', params: ({ event }) => ({ message: event.message }) },
          ],
        },
        'chat.stop': { target: 'ready', actions: assign({ messages: ({ context }) => updateLast(context.messages, (m) => ({ ...m, ending: 'stopped' })) }) },
      },
      initial: 'waiting',
      states: {
        waiting: {
          on: {
            'stream.delta': [
              {
                guard: ({ event }) => event.content !== '' || event.reasoning !== '',
                target: 'streaming',
                actions: assign({ messages: ({ context, event }) => updateLast(context.messages, (m) => ({ ...m, text: m.text + event.content, reasoning: m.reasoning + event.reasoning })) }),
              },
            ],
          },
        },
        streaming: {
          on: {
            'stream.delta': {
              actions: assign({ messages: ({ context, event }) => updateLast(context.messages, (m) => ({ ...m, text: m.text + event.content, reasoning: m.reasoning + event.reasoning })) }),
            },
          },
        },
      },
    },
  },
});
