import { assign, fromPromise, setup } from 'xstate';
import { isPageOf, pageOffset } from '../reports/paging';
import { isAbortError } from '../shared/abort';
import { refusalMessage, type ArticleRow, type ContentLanguage, type Library, type ListAnswer, type TreeAnswer, type TreeNode } from './library';
import { ancestorIds, findNode, matchingNodes, shownTree, stripWhitespace } from './library-tree';

/** What one tree load asks for. */
export interface TreeRequest {
  library: Library;
  lang: ContentLanguage;
}

/** What one contents load asks for: the folder (and everything below it), the label, the page. */
export interface BrowseQuery {
  library: Library;
  nodeId: number;
  /** Whitespace already removed; '' for any. */
  label: string;
  offset: number;
  size: number;
}

export interface LibraryBrowserContext {
  library: Library;
  lang: ContentLanguage;
  /** The node the page was opened for (the knowledge folder page's id), or null. */
  focus: number | null;
  /** The tree as the server sent it. */
  roots: TreeNode[];
  /** The language branch shown, and the knowledge top classification above it. */
  branch: TreeNode | null;
  top: TreeNode | null;
  selected: number | null;
  expanded: number[];
  /** The search box as typed, and the label last searched for (whitespace removed). */
  draft: string;
  label: string;
  /** Tree nodes the last label search points at: names holding it, folders of its rows. */
  matches: number[];
  rows: ArticleRow[];
  total: number;
  page: number;
  size: number;
  /** The query the rows answer; null before the first rows. */
  shown: BrowseQuery | null;
  treeError: string;
  rowsError: string;
}

export type LibraryBrowserEvent =
  | { type: 'lang.set'; lang: ContentLanguage }
  | { type: 'tree.reload' }
  | { type: 'node.select'; id: number }
  | { type: 'node.toggle'; id: number }
  | { type: 'search.change'; text: string }
  | { type: 'search.submit' }
  | { type: 'search.reset' }
  | { type: 'page.set'; page: number }
  | { type: 'contents.reload' };

export interface LibraryBrowserInput {
  library: Library;
  lang: ContentLanguage;
  focus?: number | null;
  size?: number;
}

/** The longest search text kept (a label is short; this only bounds what a paste can do). */
export const MAX_SEARCH_LENGTH = 100;

const DEFAULT_SIZE = 10;

type RowsAnswer = ListAnswer<ArticleRow>;

/** The folders the rows of a label search sit in. */
const rowFolders = (rows: readonly ArticleRow[]): number[] => [...new Set(rows.map((row) => row.NodeId))];

/** The query of the current folder, label and page. */
export function browseQuery(context: LibraryBrowserContext): BrowseQuery {
  return {
    library: context.library,
    nodeId: context.selected ?? 0,
    label: context.label,
    offset: pageOffset(context.page, context.size),
    size: context.size,
  };
}

const union = (a: readonly number[], b: readonly number[]) => [...new Set([...a, ...b])];

/**
 * One library's tree-and-table page (spec 2 folder page, spec 3 download centre, operation guide,
 * self-service): loads the tree in the page language, shows the language branch, lists the
 * articles of the chosen folder and everything below it, searches by label (whitespace removed;
 * matching folders open) and pages. A load that was overtaken stops with its state, so an old
 * answer never replaces the rows of the folder, label or page asked for last.
 */
export const libraryBrowserMachine = setup({
  types: {
    context: {} as LibraryBrowserContext,
    events: {} as LibraryBrowserEvent,
    input: {} as LibraryBrowserInput,
    tags: {} as 'busy',
  },
  actors: {
    loadTree: fromPromise<TreeAnswer, TreeRequest>(async () => {
      throw new Error('loadTree actor not provided');
    }),
    loadContents: fromPromise<RowsAnswer, BrowseQuery>(async () => {
      throw new Error('loadContents actor not provided');
    }),
  },
  guards: {
    isOtherLang: ({ context, event }) => event.type === 'lang.set' && event.lang !== context.lang && (event.lang === 'zh' || event.lang === 'en'),
    isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error),
    isTreeRefused: (_, params: { answer: TreeAnswer }) => params.answer.kind === 'refused',
    hasBranch: ({ context }, params: { answer: TreeAnswer }) =>
      params.answer.kind === 'tree' && shownTree(context.library, params.answer.roots, context.lang, context.focus).branch !== null,
    isOtherNode: ({ context, event }) =>
      event.type === 'node.select' && event.id !== context.selected && !!findNode(context.branch ? [context.branch] : [], event.id),
    isInBranch: ({ context, event }) => event.type === 'node.toggle' && !!findNode(context.branch ? [context.branch] : [], event.id),
    isOtherPage: ({ context, event }) => event.type === 'page.set' && event.page !== context.page && isPageOf(event.page, context.total, context.size),
    isRowsRefused: (_, params: { answer: RowsAnswer }) => params.answer.kind === 'refused',
  },
  actions: {
    assignLang: assign(({ event }) => (event.type === 'lang.set' ? { lang: event.lang } : {})),
    assignTree: assign(({ context }, params: { answer: TreeAnswer }) => {
      const roots = params.answer.kind === 'tree' ? params.answer.roots : [];
      const { branch, top, selected } = shownTree(context.library, roots, context.lang, context.focus);
      const opened = selected === null ? [] : [...ancestorIds(branch, [selected]), selected];
      const matches = matchingNodes(branch, context.label);
      return {
        roots,
        branch,
        top,
        selected,
        expanded: union(union(opened, ancestorIds(branch, matches)), branch ? [branch.id] : []),
        matches,
        page: 1,
        rows: [],
        total: 0,
        shown: null,
        treeError: '',
        rowsError: '',
      };
    }),
    assignTreeError: assign((_, params: { message: string }) => ({ treeError: params.message, roots: [], branch: null, top: null, selected: null })),
    assignSelected: assign(({ context, event }) => {
      if (event.type !== 'node.select') return {};
      return { selected: event.id, page: 1, expanded: union(context.expanded, ancestorIds(context.branch, [event.id])) };
    }),
    toggleNode: assign(({ context, event }) => {
      if (event.type !== 'node.toggle') return {};
      const open = context.expanded.includes(event.id);
      return { expanded: open ? context.expanded.filter((id) => id !== event.id) : [...context.expanded, event.id] };
    }),
    assignDraft: assign(({ event }) => (event.type === 'search.change' ? { draft: String(event.text).slice(0, MAX_SEARCH_LENGTH) } : {})),
    assignLabel: assign(({ context }) => {
      const label = stripWhitespace(context.draft);
      const matches = matchingNodes(context.branch, label);
      return { label, matches, page: 1, expanded: union(context.expanded, ancestorIds(context.branch, matches)) };
    }),
    resetSearch: assign({ draft: '', label: '', matches: [], page: 1 }),
    assignPage: assign(({ event }) => (event.type === 'page.set' ? { page: event.page } : {})),
    assignRows: assign(({ context }, params: { answer: RowsAnswer }) => {
      const read = params.answer;
      if (read.kind !== 'list') return {};
      const update: Partial<LibraryBrowserContext> = { rows: read.rows, total: read.total, shown: browseQuery(context), rowsError: '' };
      if (context.label) {
        // "Matching labels open their parent folders": the folders holding the found articles show.
        const folders = rowFolders(read.rows).filter((id) => findNode(context.branch ? [context.branch] : [], id));
        update.matches = union(context.matches, folders);
        update.expanded = union(context.expanded, ancestorIds(context.branch, folders));
      }
      return update;
    }),
    // A failed page is not shown as the page before it: the table shows the failure and a retry.
    assignRowsError: assign((_, params: { message: string }) => ({ rowsError: params.message, rows: [], shown: null })),
  },
}).createMachine({
  id: 'libraryBrowser',
  context: ({ input }) => ({
    library: input.library,
    lang: input.lang,
    focus: input.focus ?? null,
    roots: [],
    branch: null,
    top: null,
    selected: null,
    expanded: [],
    draft: '',
    label: '',
    matches: [],
    rows: [],
    total: 0,
    page: 1,
    size: input.size && input.size > 0 ? Math.floor(input.size) : DEFAULT_SIZE,
    shown: null,
    treeError: '',
    rowsError: '',
  }),
  initial: 'loadingTree',
  on: {
    'lang.set': { guard: 'isOtherLang', target: '.loadingTree', reenter: true, actions: 'assignLang' },
    'search.change': { actions: 'assignDraft' },
  },
  states: {
    loadingTree: {
      tags: ['busy'],
      invoke: {
        src: 'loadTree',
        input: ({ context }) => ({ library: context.library, lang: context.lang }),
        onDone: [
          {
            guard: { type: 'isTreeRefused', params: ({ event }) => ({ answer: event.output }) },
            target: 'treeFailed',
            actions: { type: 'assignTreeError', params: ({ event }) => ({ message: refusalMessage(event.output) }) },
          },
          {
            guard: { type: 'hasBranch', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready',
            actions: { type: 'assignTree', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'missing', actions: { type: 'assignTree', params: ({ event }) => ({ answer: event.output }) } },
        ],
        // No answer: the HTTP adapter already showed the network or timeout dialog.
        onError: [{ guard: 'isAborted' }, { target: 'treeFailed', actions: { type: 'assignTreeError', params: { message: '' } } }],
      },
    },
    treeFailed: {
      on: { 'tree.reload': 'loadingTree' },
    },
    /** The classification is unknown, or has no branch in the page language. */
    missing: {
      on: { 'tree.reload': 'loadingTree' },
    },
    ready: {
      initial: 'loading',
      on: {
        'node.select': { guard: 'isOtherNode', target: '.loading', reenter: true, actions: 'assignSelected' },
        'node.toggle': { guard: 'isInBranch', actions: 'toggleNode' },
        'search.submit': { target: '.loading', reenter: true, actions: 'assignLabel' },
        'search.reset': { target: '.loading', reenter: true, actions: 'resetSearch' },
        'page.set': { guard: 'isOtherPage', target: '.loading', reenter: true, actions: 'assignPage' },
        'contents.reload': { target: '.loading', reenter: true },
      },
      states: {
        loading: {
          tags: ['busy'],
          entry: assign({ rowsError: '' }),
          invoke: {
            src: 'loadContents',
            input: ({ context }) => browseQuery(context),
            onDone: [
              {
                guard: { type: 'isRowsRefused', params: ({ event }) => ({ answer: event.output }) },
                target: 'failed',
                actions: { type: 'assignRowsError', params: ({ event }) => ({ message: refusalMessage(event.output) }) },
              },
              { target: 'shown', actions: { type: 'assignRows', params: ({ event }) => ({ answer: event.output }) } },
            ],
            onError: [{ guard: 'isAborted' }, { target: 'failed', actions: { type: 'assignRowsError', params: { message: '' } } }],
          },
        },
        shown: {},
        failed: {},
      },
    },
  },
});
