import { and, assign, fromPromise, setup } from 'xstate';
import { isPageOf, pageOffset } from '../reports/paging';
import { isAbortError } from '../shared/abort';
import { refusalMessage, type ContentLanguage, type Library, type ListAnswer, type SearchHit } from './library';

/** What one search asks for. */
export interface SearchRequest {
  keyword: string;
  /** '' for every library the caller may read. */
  library: Library | '';
  /** '' for both languages. */
  language: ContentLanguage | '';
  offset: number;
  size: number;
}

export interface KnowledgeSearchContext {
  /** The libraries the chips offer (visitors: knowledge and download). */
  libraries: readonly Library[];
  draft: string;
  /** The keyword last searched for; '' while no search was made. */
  keyword: string;
  library: Library | '';
  language: ContentLanguage | '';
  page: number;
  size: number;
  hits: SearchHit[];
  total: number;
  /** The request the hits answer; null before any. */
  shown: SearchRequest | null;
  error: string;
}

export type KnowledgeSearchEvent =
  | { type: 'keyword.change'; text: string }
  | { type: 'search.submit' }
  | { type: 'library.set'; library: Library | '' }
  | { type: 'language.set'; language: ContentLanguage | '' }
  | { type: 'page.set'; page: number }
  | { type: 'search.retry' }
  | { type: 'search.clear' };

export interface KnowledgeSearchInput {
  libraries: readonly Library[];
  /** A chip chosen at first (the download centre starts on its own library). */
  library?: Library | '';
  size?: number;
}

/** The longest keyword sent (the server reads at most 24 words anyway). */
export const MAX_KEYWORD_LENGTH = 100;

const DEFAULT_SIZE = 10;

type Answer = ListAnswer<SearchHit>;

/** The request of the current keyword, chips and page. */
export function searchRequest(context: KnowledgeSearchContext): SearchRequest {
  return { keyword: context.keyword, library: context.library, language: context.language, offset: pageOffset(context.page, context.size), size: context.size };
}

const keywordOf = (draft: string) => draft.trim().replace(/\s+/gu, ' ').slice(0, MAX_KEYWORD_LENGTH);

/**
 * Full-text search of the libraries (ADR 0007): a keyword, library and language chips that
 * narrow it, paged ranked hits. A chip or page changed after a search searches again from the
 * right page; an answer to an overtaken request is dropped with its state. An empty keyword is
 * never sent.
 */
export const knowledgeSearchMachine = setup({
  types: {
    context: {} as KnowledgeSearchContext,
    events: {} as KnowledgeSearchEvent,
    input: {} as KnowledgeSearchInput,
    tags: {} as 'busy',
  },
  actors: {
    search: fromPromise<Answer, SearchRequest>(async () => {
      throw new Error('search actor not provided');
    }),
  },
  guards: {
    hasDraftWord: ({ context }) => keywordOf(context.draft) !== '',
    hasKeyword: ({ context }) => context.keyword !== '',
    isOtherLibrary: ({ context, event }) =>
      event.type === 'library.set' && event.library !== context.library && (event.library === '' || context.libraries.includes(event.library)),
    isOtherLanguage: ({ context, event }) =>
      event.type === 'language.set' && event.language !== context.language && ['', 'zh', 'en'].includes(event.language),
    isOtherPage: ({ context, event }) =>
      event.type === 'page.set' && context.keyword !== '' && event.page !== context.page && isPageOf(event.page, context.total, context.size),
    isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error),
    isRefused: (_, params: { answer: Answer }) => params.answer.kind === 'refused',
  },
  actions: {
    assignDraft: assign(({ event }) => (event.type === 'keyword.change' ? { draft: String(event.text).slice(0, MAX_KEYWORD_LENGTH) } : {})),
    assignKeyword: assign(({ context }) => ({ keyword: keywordOf(context.draft), page: 1 })),
    assignLibrary: assign(({ event }) => (event.type === 'library.set' ? { library: event.library, page: 1 } : {})),
    assignLanguage: assign(({ event }) => (event.type === 'language.set' ? { language: event.language, page: 1 } : {})),
    assignPage: assign(({ event }) => (event.type === 'page.set' ? { page: event.page } : {})),
    clear: assign({ draft: '', keyword: '', page: 1, hits: [], total: 0, shown: null, error: '' }),
    assignHits: assign(({ context }, params: { answer: Answer }) =>
      params.answer.kind === 'list' ? { hits: params.answer.rows, total: params.answer.total, shown: searchRequest(context), error: '' } : {},
    ),
    assignError: assign((_, params: { message: string }) => ({ error: params.message, hits: [], total: 0, shown: null })),
  },
}).createMachine({
  id: 'knowledgeSearch',
  context: ({ input }) => ({
    libraries: [...input.libraries],
    draft: '',
    keyword: '',
    library: input.library && input.libraries.includes(input.library) ? input.library : '',
    language: '',
    page: 1,
    size: input.size && input.size > 0 ? Math.floor(input.size) : DEFAULT_SIZE,
    hits: [],
    total: 0,
    shown: null,
    error: '',
  }),
  initial: 'idle',
  on: {
    'keyword.change': { actions: 'assignDraft' },
    'search.submit': { guard: 'hasDraftWord', target: '.searching', reenter: true, actions: 'assignKeyword' },
    'library.set': [
      { guard: and(['isOtherLibrary', 'hasKeyword']), target: '.searching', reenter: true, actions: 'assignLibrary' },
      { guard: 'isOtherLibrary', actions: 'assignLibrary' },
    ],
    'language.set': [
      { guard: and(['isOtherLanguage', 'hasKeyword']), target: '.searching', reenter: true, actions: 'assignLanguage' },
      { guard: 'isOtherLanguage', actions: 'assignLanguage' },
    ],
    'page.set': { guard: 'isOtherPage', target: '.searching', reenter: true, actions: 'assignPage' },
    'search.clear': { target: '.idle', actions: 'clear' },
  },
  states: {
    idle: {},
    searching: {
      tags: ['busy'],
      entry: assign({ error: '' }),
      invoke: {
        src: 'search',
        input: ({ context }) => searchRequest(context),
        onDone: [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ answer: event.output }) },
            target: 'failed',
            actions: { type: 'assignError', params: ({ event }) => ({ message: refusalMessage(event.output) }) },
          },
          { target: 'ready', actions: { type: 'assignHits', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: [{ guard: 'isAborted' }, { target: 'failed', actions: { type: 'assignError', params: { message: '' } } }],
      },
    },
    ready: {},
    failed: { on: { 'search.retry': { guard: 'hasKeyword', target: 'searching' } } },
  },
});
