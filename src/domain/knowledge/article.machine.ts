import { assign, fromPromise, setup } from 'xstate';
import { isAbortError } from '../shared/abort';
import type { Envelope } from '../shared/envelope';
import type { Article, Library } from './library';
import { readList } from './library-answers';

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

type Answer = Envelope<unknown>;

/** True for an article id the calls can take (a positive whole number). */
export const isArticleId = (id: unknown): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0;

const readCount = (answer: Answer): number | null =>
  answer.code === 200 && typeof answer.ReturnData === 'number' && Number.isFinite(answer.ReturnData) && answer.ReturnData >= 0 ? answer.ReturnData : null;

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
    loadArticle: fromPromise<Answer, ArticleRef>(async () => {
      throw new Error('loadArticle actor not provided');
    }),
    recordView: fromPromise<Answer, ArticleRef>(async () => {
      throw new Error('recordView actor not provided');
    }),
  },
  guards: {
    hasId: ({ context }) => isArticleId(context.id),
    isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error),
    isRefused: (_, params: { answer: Answer }) => readList(params.answer).kind === 'refused',
    hasArticle: (_, params: { answer: Answer }) => {
      const read = readList<Article>(params.answer);
      return read.kind === 'list' && read.rows.length > 0 && !!read.rows[0];
    },
  },
  actions: {
    assignArticle: assign((_, params: { answer: Answer }) => {
      const read = readList<Article>(params.answer);
      const article = read.kind === 'list' ? (read.rows[0] ?? null) : null;
      return { article: article ? { ...article, Attachments: Array.isArray(article.Attachments) ? article.Attachments : [] } : null, error: '' };
    }),
    assignError: assign((_, params: { info: string }) => ({ error: params.info, article: null })),
    assignViews: assign(({ context }, params: { answer: Answer }) => ({ views: readCount(params.answer) ?? context.views })),
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
                actions: { type: 'assignError', params: ({ event }) => ({ info: String(event.output.info ?? '') }) },
              },
              {
                guard: { type: 'hasArticle', params: ({ event }) => ({ answer: event.output }) },
                target: 'ready',
                actions: { type: 'assignArticle', params: ({ event }) => ({ answer: event.output }) },
              },
              { target: 'missing' },
            ],
            onError: [{ guard: 'isAborted' }, { target: 'failed', actions: { type: 'assignError', params: { info: '' } } }],
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
