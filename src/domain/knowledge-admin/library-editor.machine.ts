import { assign, fromPromise, raise, setup } from 'xstate';
import { refusalMessage, type AdminNode, type ArticleRow, type Library, type ListAnswer } from '../knowledge/library';
import { isAbortError } from '../shared/abort';
import type { Refused } from '../shared/refused';
import { findNode } from './library-tree';
import { areNodeNamesValid } from './node-names';

/** Articles listed per page for a folder. */
export const ARTICLES_PAGE_SIZE = 20;

/** A change staff make to a classification; the screen turns it into SaveNode, MoveNode or DeleteNode. */
export type NodeChange =
  | { kind: 'add'; library: Library; parentId: number; name: string; nameEn: string }
  | { kind: 'rename'; library: Library; id: number; parentId: number; name: string; nameEn: string; sort: number }
  | { kind: 'move'; id: number; parentId: number }
  | { kind: 'delete'; id: number };

export type NodeChangeKind = NodeChange['kind'];

export interface ArticlesQuery {
  library: Library;
  nodeId: number;
  offset: number;
  size: number;
}

export interface LibraryEditorContext {
  library: Library;
  /** `[root]` as GetTree answers it; empty until it loads. */
  tree: AdminNode[];
  selectedId: number | null;
  /** Why the tree did not load ('' when it did). */
  error: string;
  /** The change being sent, while it is. */
  change: NodeChange | null;
  /** The server's refusal of the last change ('' when it went through); the dialog shows it. */
  refusal: { kind: NodeChangeKind; message: string } | null;
  articles: ArticleRow[];
  articlesTotal: number;
  articlesPage: number;
  articlesError: string;
}

export interface LibraryEditorInput {
  library: Library;
  selectedId?: number | null;
}

export type LibraryEditorEvent =
  | { type: 'library.pick'; library: Library }
  | { type: 'tree.reload' }
  | { type: 'tree.refresh' }
  | { type: 'node.select'; id: number | null }
  | { type: 'node.change'; change: NodeChange }
  | { type: 'refusal.clear' }
  | { type: 'articles.reload' }
  | { type: 'articles.page'; page: number };

/** GetTree's answer: the library's tree (`[root]`), the page is for staff only, or a refusal. */
export type AdminTreeAnswer = { kind: 'tree'; roots: AdminNode[] } | { kind: 'forbidden' } | Refused;

/** A folder change's answer: done (with the new folder's id when one was added), or the refusal. */
export type NodeChangeAnswer = { kind: 'done'; addedId: number | null } | Refused;

const treeOf = (answer: AdminTreeAnswer): AdminNode[] => (answer.kind === 'tree' ? answer.roots : []);

/** True for a change the server could accept as far as the browser can tell (names present, no self-parenting). */
export function isChangeWellFormed(change: NodeChange): boolean {
  switch (change.kind) {
    case 'add':
      return areNodeNamesValid(change);
    case 'rename':
      return areNodeNamesValid(change);
    case 'move':
      return change.id !== change.parentId;
    case 'delete':
      return true;
  }
}

function fresh(input: LibraryEditorInput): LibraryEditorContext {
  return {
    library: input.library,
    tree: [],
    selectedId: input.selectedId ?? null,
    error: '',
    change: null,
    refusal: null,
    articles: [],
    articlesTotal: 0,
    articlesPage: 1,
    articlesError: '',
  };
}

/**
 * One library's tree as staff edit it (ADR 0007 staff authoring): GetTree with both names and
 * counts, a chosen classification and its articles, and the folder changes (add, rename, move,
 * delete), each followed by a fresh tree. A caller who is not staff is `forbidden`; a refusal
 * stays in `refusal` for the dialog that asked, and goes to `notifyRefused`; a success to
 * `notifyDone`.
 */
export const libraryEditorMachine = setup({
  types: {
    context: {} as LibraryEditorContext,
    events: {} as LibraryEditorEvent,
    input: {} as LibraryEditorInput,
    tags: {} as 'busy' | 'changing',
  },
  actors: {
    loadTree: fromPromise<AdminTreeAnswer, { library: Library }>(async () => {
      throw new Error('loadTree actor not provided');
    }),
    loadArticles: fromPromise<ListAnswer<ArticleRow>, ArticlesQuery>(async () => {
      throw new Error('loadArticles actor not provided');
    }),
    changeNode: fromPromise<NodeChangeAnswer, NodeChange>(async () => {
      throw new Error('changeNode actor not provided');
    }),
  },
  guards: {
    isForbidden: (_, params: { answer: AdminTreeAnswer }) => params.answer.kind === 'forbidden',
    isTree: (_, params: { answer: AdminTreeAnswer }) => treeOf(params.answer).length > 0,
    isDone: (_, params: { answer: NodeChangeAnswer }) => params.answer.kind === 'done',
    isList: (_, params: { answer: ListAnswer<ArticleRow> }) => params.answer.kind === 'list',
    isAbort: (_, params: { error: unknown }) => isAbortError(params.error),
    hasSelection: ({ context }) => context.selectedId !== null && findNode(context.tree, context.selectedId) !== null,
    isSelectable: ({ context }, params: { id: number | null }) => params.id === null || findNode(context.tree, params.id) !== null,
    isChangeAllowed: ({ context, event }) => {
      if (event.type !== 'node.change') return false;
      const change = event.change;
      if (!isChangeWellFormed(change)) return false;
      // Every node the change names must be in the tree shown.
      const ids = change.kind === 'add' ? [change.parentId] : change.kind === 'move' ? [change.id, change.parentId] : [change.id];
      return ids.every((id) => findNode(context.tree, id) !== null);
    },
    isPageInRange: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) && params.page >= 1 && (params.page - 1) * ARTICLES_PAGE_SIZE < Math.max(context.articlesTotal, 1),
  },
  actions: {
    pickLibrary: assign((_, params: { library: Library }) => fresh({ library: params.library })),
    assignTree: assign(({ context }, params: { tree: AdminNode[] }) => ({
      tree: params.tree,
      error: '',
      // A selection that is gone (deleted, another library) is dropped.
      selectedId: findNode(params.tree, context.selectedId) ? context.selectedId : null,
    })),
    assignError: assign((_, params: { message: string }) => ({ error: params.message || 'error' })),
    clearError: assign({ error: '' }),
    select: assign(({ context }, params: { id: number | null }) =>
      params.id === context.selectedId ? {} : { selectedId: params.id, articles: [], articlesTotal: 0, articlesPage: 1, articlesError: '' },
    ),
    assignChange: assign(({ event }) => (event.type === 'node.change' ? { change: event.change, refusal: null } : {})),
    assignRefusal: assign(({ context }, params: { message: string }) => ({
      refusal: context.change ? { kind: context.change.kind, message: params.message } : null,
      change: null,
    })),
    settleChange: assign(({ context }) => ({
      change: null,
      // A new folder is selected, so its page opens next.
      selectedId: context.change?.kind === 'delete' && context.change.id === context.selectedId ? null : context.selectedId,
    })),
    selectAdded: assign(({ context }, params: { answer: NodeChangeAnswer }) => {
      const id = params.answer.kind === 'done' ? params.answer.addedId : null;
      return context.change?.kind === 'add' && id !== null ? { selectedId: id, articlesPage: 1 } : {};
    }),
    clearRefusal: assign({ refusal: null }),
    reloadArticles: raise({ type: 'articles.reload' }),
    assignPage: assign((_, params: { page: number }) => ({ articlesPage: params.page })),
    assignArticles: assign((_, params: { answer: ListAnswer<ArticleRow> }) =>
      params.answer.kind === 'list' ? { articles: params.answer.rows, articlesTotal: params.answer.total, articlesError: '' } : {},
    ),
    assignArticlesError: assign((_, params: { message: string }) => ({ articles: [], articlesTotal: 0, articlesError: params.message || 'error' })),
    /** A change went through; the screen provides it (a toast, closing the dialog). */
    notifyDone: (_, _params: { kind: NodeChangeKind }) => {},
    /** The server refused a change; the screen provides it. */
    notifyRefused: (_, _params: { kind: NodeChangeKind; message: string }) => {},
  },
}).createMachine({
  id: 'libraryEditor',
  context: ({ input }) => fresh(input),
  initial: 'loading',
  on: {
    'library.pick': { target: '.loading', actions: { type: 'pickLibrary', params: ({ event }) => ({ library: event.library }) } },
  },
  states: {
    loading: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        src: 'loadTree',
        input: ({ context }) => ({ library: context.library }),
        onDone: [
          { guard: { type: 'isForbidden', params: ({ event }) => ({ answer: event.output }) }, target: 'forbidden' },
          {
            guard: { type: 'isTree', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready',
            actions: { type: 'assignTree', params: ({ event }) => ({ tree: treeOf(event.output) }) },
          },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ message: refusalMessage(event.output) }) } },
        ],
        onError: [
          { guard: { type: 'isAbort', params: ({ event }) => ({ error: event.error }) } },
          { target: 'failed', actions: { type: 'assignError', params: () => ({ message: '' }) } },
        ],
      },
    },
    failed: {
      on: { 'tree.reload': 'loading' },
    },
    forbidden: {},
    ready: {
      type: 'parallel',
      states: {
        tree: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'node.change': { guard: 'isChangeAllowed', target: 'changing', actions: 'assignChange' },
                'tree.refresh': 'refreshing',
                'tree.reload': 'refreshing',
                'refusal.clear': { actions: 'clearRefusal' },
              },
            },
            changing: {
              tags: ['busy', 'changing'],
              invoke: {
                src: 'changeNode',
                input: ({ context }) => context.change!,
                onDone: [
                  {
                    guard: { type: 'isDone', params: ({ event }) => ({ answer: event.output }) },
                    target: 'refreshing',
                    actions: [
                      { type: 'notifyDone', params: ({ context }) => ({ kind: context.change!.kind }) },
                      { type: 'selectAdded', params: ({ event }) => ({ answer: event.output }) },
                      'settleChange',
                    ],
                  },
                  {
                    target: 'idle',
                    actions: [
                      { type: 'notifyRefused', params: ({ context, event }) => ({ kind: context.change!.kind, message: refusalMessage(event.output) }) },
                      { type: 'assignRefusal', params: ({ event }) => ({ message: refusalMessage(event.output) }) },
                    ],
                  },
                ],
                // No answer: the HTTP adapter already showed the network or timeout dialog.
                onError: { target: 'idle', actions: assign({ change: null }) },
              },
            },
            refreshing: {
              tags: ['busy'],
              invoke: {
                src: 'loadTree',
                input: ({ context }) => ({ library: context.library }),
                onDone: [
                  {
                    guard: { type: 'isTree', params: ({ event }) => ({ answer: event.output }) },
                    target: 'idle',
                    actions: [{ type: 'assignTree', params: ({ event }) => ({ tree: treeOf(event.output) }) }, 'reloadArticles'],
                  },
                  { target: 'idle' },
                ],
                onError: { target: 'idle' },
              },
            },
          },
        },
        articles: {
          initial: 'deciding',
          on: {
            'node.select': {
              guard: { type: 'isSelectable', params: ({ event }) => ({ id: event.id }) },
              target: '.deciding',
              actions: { type: 'select', params: ({ event }) => ({ id: event.id }) },
            },
            'articles.reload': '.deciding',
            'articles.page': {
              guard: { type: 'isPageInRange', params: ({ event }) => ({ page: event.page }) },
              target: '.deciding',
              actions: { type: 'assignPage', params: ({ event }) => ({ page: event.page }) },
            },
          },
          states: {
            deciding: {
              always: [{ guard: 'hasSelection', target: 'loading' }, { target: 'none' }],
            },
            none: {},
            loading: {
              invoke: {
                src: 'loadArticles',
                input: ({ context }) => ({
                  library: context.library,
                  nodeId: context.selectedId!,
                  offset: (context.articlesPage - 1) * ARTICLES_PAGE_SIZE,
                  size: ARTICLES_PAGE_SIZE,
                }),
                onDone: [
                  {
                    guard: { type: 'isList', params: ({ event }) => ({ answer: event.output }) },
                    target: 'shown',
                    actions: { type: 'assignArticles', params: ({ event }) => ({ answer: event.output }) },
                  },
                  { target: 'failed', actions: { type: 'assignArticlesError', params: ({ event }) => ({ message: refusalMessage(event.output) }) } },
                ],
                onError: [
                  { guard: { type: 'isAbort', params: ({ event }) => ({ error: event.error }) } },
                  { target: 'failed', actions: { type: 'assignArticlesError', params: () => ({ message: '' }) } },
                ],
              },
            },
            shown: {},
            failed: {},
          },
        },
      },
    },
  },
});
