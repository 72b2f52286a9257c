import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { isAbortError } from '../shared/abort';
import { MESSAGE_FILE_MAX_BYTES, MESSAGE_MAX_FILES, messageFileNameProblem, messageProblem, type MessageAuthor } from './work-order-message.policy';

/** A file of a message as the drawer shows it; `thumbnailUrl` is the server's thumbnail, loaded for an image. */
export interface ConversationFile {
  id: number;
  name: string;
  mediaType: string;
  size: number;
  thumbnailUrl: string | null;
}

export interface ConversationMessage {
  id: number;
  author: MessageAuthor;
  authorName: string;
  internal: boolean;
  content: string;
  createdAt: string;
  files: ConversationFile[];
}

/** A file chosen to send: the browser's File rides along as it came from the screen (the machine reads these three). */
export interface DraftFile {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

export type ConversationLoad = { kind: 'done'; messages: ConversationMessage[] } | { kind: 'unknown' } | { kind: 'refused'; message: string };
export type SendAnswer = { kind: 'done'; message: ConversationMessage } | { kind: 'refused'; message: string };

/** Why the draft cannot be sent yet, in the words the screen translates. */
export type DraftProblem = 'empty' | 'tooLong' | 'tooManyFiles' | 'badType' | 'tooLarge';

/** The first problem of a draft: the message's rules, then each file's type (by name) and size; the server checks the content. */
export function draftProblem(content: string, files: readonly DraftFile[]): DraftProblem | null {
  const message = messageProblem(content.trim(), files.length);
  if (message) return message;
  if (files.some((f) => messageFileNameProblem(f.name) !== null)) return 'badType';
  if (files.some((f) => f.size > MESSAGE_FILE_MAX_BYTES)) return 'tooLarge';
  return null;
}

export interface ConversationInput {
  eventNum: string;
  audience: MessageAuthor;
}

export interface ConversationContext extends ConversationInput {
  messages: ConversationMessage[];
  content: string;
  files: DraftFile[];
  /** Staff only: the draft is a staff-only note. */
  internal: boolean;
  /** Bytes of the form sent and their total, while sending. */
  progress: { loaded: number; total: number } | null;
  /** The server's refusal of the last send ('' when no answer came). */
  refusal: string | null;
  loadError: string;
}

export type ConversationEvent =
  | { type: 'draft.change'; content: string }
  | { type: 'files.add'; files: readonly DraftFile[] }
  | { type: 'file.remove'; index: number }
  | { type: 'internal.toggle' }
  | { type: 'message.send' }
  | { type: 'list.retry' }
  | { type: 'upload.progress'; loaded: number }
  | { type: 'upload.answer'; answer: SendAnswer }
  | { type: 'upload.lost' };

/** What the upload actor reports back (its own events). */
export type ConversationUploadEvent = Extract<ConversationEvent, { type: 'upload.progress' | 'upload.answer' | 'upload.lost' }>;

/** What the keeper of the shown files hears: thumbnails now on screen, to let go when the conversation closes. */
export type ShownFilesEvent = { type: 'files.shown'; urls: string[] };

const urlsOf = (messages: readonly ConversationMessage[]) => messages.flatMap((m) => m.files.flatMap((f) => (f.thumbnailUrl ? [f.thumbnailUrl] : [])));

export interface SendInput {
  eventNum: string;
  content: string;
  files: readonly DraftFile[];
  internal: boolean;
}

/** The conversation under a work order's steps (issue 38 item 1): the messages, and a draft with photos sent with its progress. */
export const workOrderConversationMachine = setup({
  types: { context: {} as ConversationContext, events: {} as ConversationEvent, input: {} as ConversationInput },
  actors: {
    loadConversation: fromPromise<ConversationLoad, ConversationInput>(async () => ({ kind: 'done', messages: [] })),
    sendMessage: fromCallback<ConversationUploadEvent, SendInput>(() => () => {}),
    /** Holds the thumbnails shown (the browser's object URLs) and releases them when the conversation stops. */
    keepShownFiles: fromCallback<ShownFilesEvent>(() => () => {}),
  },
  guards: {
    isSendable: ({ context }) => draftProblem(context.content, context.files) === null,
    isStaff: ({ context }) => context.audience === 'staff',
    isLoaded: (_, answer: ConversationLoad) => answer.kind === 'done',
    isUnknown: (_, answer: ConversationLoad) => answer.kind === 'unknown',
    isSent: (_, answer: SendAnswer) => answer.kind === 'done',
  },
}).createMachine({
  id: 'workOrderConversation',
  invoke: { id: 'shownFiles', src: 'keepShownFiles' },
  context: ({ input }) => ({ ...input, messages: [], content: '', files: [], internal: false, progress: null, refusal: null, loadError: '' }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadConversation',
        input: ({ context }) => ({ eventNum: context.eventNum, audience: context.audience }),
        onDone: [
          {
            guard: { type: 'isLoaded', params: ({ event }) => event.output },
            target: 'ready',
            actions: [
              assign({ messages: ({ event }) => (event.output as Extract<ConversationLoad, { kind: 'done' }>).messages }),
              sendTo('shownFiles', ({ context }) => ({ type: 'files.shown', urls: urlsOf(context.messages) }) satisfies ShownFilesEvent),
            ],
          },
          { guard: { type: 'isUnknown', params: ({ event }) => event.output }, target: 'unknown' },
          { target: 'failed', actions: assign({ loadError: ({ event }) => (event.output as { message?: string }).message ?? '' }) },
        ],
        onError: [{ guard: ({ event }) => isAbortError(event.error) }, { target: 'failed', actions: assign({ loadError: '' }) }],
      },
    },
    failed: { on: { 'list.retry': 'loading' } },
    unknown: {},
    ready: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'draft.change': { actions: assign({ content: ({ event }) => event.content, refusal: null }) },
            // Beyond the five the draft shows its problem; nothing is dropped without the person seeing why.
            'files.add': { actions: assign({ files: ({ context, event }) => [...context.files, ...event.files].slice(0, MESSAGE_MAX_FILES + 1), refusal: null }) },
            'file.remove': { actions: assign({ files: ({ context, event }) => context.files.filter((_, i) => i !== event.index), refusal: null }) },
            'internal.toggle': { guard: 'isStaff', actions: assign({ internal: ({ context }) => !context.internal }) },
            'message.send': { guard: 'isSendable', target: 'sending' },
          },
        },
        sending: {
          tags: ['busy'],
          entry: assign({ progress: ({ context }) => ({ loaded: 0, total: context.files.reduce((n, f) => n + f.size, 0) + context.content.trim().length }), refusal: null }),
          exit: assign({ progress: null }),
          invoke: {
            src: 'sendMessage',
            input: ({ context }) => ({ eventNum: context.eventNum, content: context.content.trim(), files: context.files, internal: context.audience === 'staff' && context.internal }),
          },
          on: {
            'upload.progress': {
              // Bytes of the draft sent: the transfer scales the form's bytes to the draft's total.
              actions: assign({ progress: ({ context, event }) => ({ total: context.progress!.total, loaded: Math.min(Math.max(0, event.loaded), context.progress!.total) }) }),
            },
            'upload.answer': [
              {
                guard: { type: 'isSent', params: ({ event }) => event.answer },
                target: 'editing',
                actions: [
                  assign({
                    messages: ({ context, event }) => [...context.messages, (event.answer as Extract<SendAnswer, { kind: 'done' }>).message],
                    content: '',
                    files: [],
                    internal: false,
                  }),
                  sendTo('shownFiles', ({ event }) => ({ type: 'files.shown', urls: urlsOf([(event.answer as Extract<SendAnswer, { kind: 'done' }>).message]) }) satisfies ShownFilesEvent),
                ],
              },
              { target: 'editing', actions: assign({ refusal: ({ event }) => (event.answer as { message?: string }).message ?? '' }) },
            ],
            'upload.lost': { target: 'editing', actions: assign({ refusal: '' }) },
          },
        },
      },
    },
  },
});
