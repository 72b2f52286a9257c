import { assign, fromPromise, setup } from 'xstate';
import { isAbortError } from '../shared/abort';
import { refusalMessage, type ContentLanguage, type TreeAnswer } from './library';
import { allIds, languageBranch, topClassifications } from './library-tree';

/** A book tile: one top classification of the knowledge tree, named in the page language. */
export interface Book {
  id: number;
  name: string;
  /** Folders in the page language's branch (a hint of its size on the tile). */
  folders: number;
}

export interface BookshelfContext {
  lang: ContentLanguage;
  books: Book[];
  /** The language the books are named in; null before the first answer. */
  booksLang: ContentLanguage | null;
  error: string;
}

export type BookshelfEvent = { type: 'lang.set'; lang: ContentLanguage } | { type: 'shelf.reload' };

/**
 * The knowledge section's book tiles (spec 2 knowledge base entry): the top classifications of
 * the anonymous knowledge tree in the page language, loaded again when the language changes.
 */
export const bookshelfMachine = setup({
  types: {
    context: {} as BookshelfContext,
    events: {} as BookshelfEvent,
    input: {} as { lang: ContentLanguage },
    tags: {} as 'busy',
  },
  actors: {
    loadTree: fromPromise<TreeAnswer, { lang: ContentLanguage }>(async () => {
      throw new Error('loadTree actor not provided');
    }),
  },
  guards: {
    isOtherLang: ({ context, event }) => event.type === 'lang.set' && event.lang !== context.lang && (event.lang === 'zh' || event.lang === 'en'),
    isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error),
    isRefused: (_, params: { answer: TreeAnswer }) => params.answer.kind === 'refused',
  },
  actions: {
    assignLang: assign(({ event }) => (event.type === 'lang.set' ? { lang: event.lang } : {})),
    assignBooks: assign(({ context }, params: { answer: TreeAnswer }) => {
      const tops = params.answer.kind === 'tree' ? topClassifications(params.answer.roots) : [];
      const books = tops.map((top) => ({ id: top.id, name: top.name, folders: Math.max(0, allIds(languageBranch(top, context.lang)).length - 1) }));
      return { books, booksLang: context.lang, error: '' };
    }),
    assignError: assign((_, params: { message: string }) => ({ error: params.message, books: [], booksLang: null })),
  },
}).createMachine({
  id: 'bookshelf',
  context: ({ input }) => ({ lang: input.lang, books: [], booksLang: null, error: '' }),
  initial: 'loading',
  on: {
    'lang.set': { guard: 'isOtherLang', target: '.loading', reenter: true, actions: 'assignLang' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadTree',
        input: ({ context }) => ({ lang: context.lang }),
        onDone: [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ answer: event.output }) },
            target: 'failed',
            actions: { type: 'assignError', params: ({ event }) => ({ message: refusalMessage(event.output) }) },
          },
          { target: 'ready', actions: { type: 'assignBooks', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: [{ guard: 'isAborted' }, { target: 'failed', actions: { type: 'assignError', params: { message: '' } } }],
      },
    },
    ready: { on: { 'shelf.reload': 'loading' } },
    failed: { on: { 'shelf.reload': 'loading' } },
  },
});
