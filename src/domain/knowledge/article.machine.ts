import { assign, fromPromise, setup } from 'xstate';
import { isAbortError } from '../shared/abort';
import { refusalMessage, type Article, type ArticleAnswer, type Library, type ViewsAnswer } from './library';

/** Which article a page shows. */
export interface ArticleRef {
  library: Library;
  id: number;
}

export interface ArticleContext extends ArticleRef {
  article: Article | null;
  /** The count `SaveTouristVolume` answered; null until it did (the article's own count shows meanwhile). */
  views: number | null;
  error: string;
}

export type ArticleEvent = { type: 'article.reload' };

/** True for an article id the calls can take (a positive whole number). */
export const isArticleId = (id: unknown): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0;

/** The count of an answer, when it is one: a number, never negative. */
const countOf = (answer: ViewsAnswer): number | null => (answer.kind === 'views' && Number.isFinite(answer.views) && answer.views >= 0 ? answer.views : null);

/**
 * An article page (spec 3): loads the article with its body and attachments and, at the same
 * time, records the view; the page shows the count the record answered. An unknown id, or an
 * article of another library, is `missing` (the no-data answer), not an error.
 */
export const articleMachine = setup({
  types: {
    context: {} as ArticleContext,
    events: {} as ArticleEvent,
    input: {} as ArticleRef,
    tags: {} as 'busy',
  },
  actors: {
    loadArticle: fromPromise<ArticleAnswer, ArticleRef>(async () => {
      throw new Error('loadArticle actor not provided');
    }),
    recordView: fromPromise<ViewsAnswer, ArticleRef>(async () => {
      throw new Error('recordView actor not provided');
    }),
  },
  guards: {
    hasId: ({ context }) => isArticleId(context.id),
    isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error),
    isRefused: (_, params: { answer: ArticleAnswer }) => params.answer.kind === 'refused',
    hasArticle: (_, params: { answer: ArticleAnswer }) => params.answer.kind === 'found',
  },
  actions: {
    assignArticle: assign((_, params: { answer: ArticleAnswer }) => ({ article: params.answer.kind === 'found' ? params.answer.article : null, error: '' })),
    assignError: assign((_, params: { message: string }) => ({ error: params.message, article: null })),
    assignViews: assign(({ context }, params: { answer: ViewsAnswer }) => ({ views: countOf(params.answer) ?? context.views })),
  },
}).createMachine({
  id: 'article',
  context: ({ input }) => ({ library: input.library, id: input.id, article: null, views: null, error: '' }),
  type: 'parallel',
  states: {
    content: {
      initial: 'starting',
      states: {
        starting: { always: [{ guard: 'hasId', target: 'loading' }, { target: 'missing' }] },
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadArticle',
            input: ({ context }) => ({ library: context.library, id: context.id }),
            onDone: [
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ answer: event.output }) },
                target: 'failed',
                actions: { type: 'assignError', params: ({ event }) => ({ message: refusalMessage(event.output) }) },
              },
              {
                guard: { type: 'hasArticle', params: ({ event }) => ({ answer: event.output }) },
                target: 'ready',
                actions: { type: 'assignArticle', params: ({ event }) => ({ answer: event.output }) },
              },
              { target: 'missing' },
            ],
            onError: [{ guard: 'isAborted' }, { target: 'failed', actions: { type: 'assignError', params: { message: '' } } }],
          },
        },
        ready: {},
        missing: {},
        failed: { on: { 'article.reload': 'loading' } },
      },
    },
    views: {
      initial: 'starting',
      states: {
        starting: { always: [{ guard: 'hasId', target: 'recording' }, { target: 'done' }] },
        recording: {
          invoke: {
            src: 'recordView',
            input: ({ context }) => ({ library: context.library, id: context.id }),
            onDone: { target: 'done', actions: { type: 'assignViews', params: ({ event }) => ({ answer: event.output }) } },
            // Not counted (offline, rate limited): the article's own count shows instead.
            onError: { target: 'done' },
          },
        },
        done: {},
      },
    },
  },
});
