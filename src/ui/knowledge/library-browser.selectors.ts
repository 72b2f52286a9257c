import type { SnapshotFrom } from 'xstate';
import type { ArticleRow, TreeNode } from '../../domain/knowledge/library';
import type { libraryBrowserMachine } from '../../domain/knowledge/library-browser.machine';
import { pageCount, pageOffset } from '../../domain/reports/paging';

/** What a paged list shows under its rows. */
export interface PagingModel {
  page: number;
  size: number;
  pages: number;
  total: number;
  /** 1-based numbers of the first and last row shown (0 when none). */
  from: number;
  to: number;
}

/** What a library page (tree and table) shows. */
export interface LibraryBrowserViewModel {
  /** loading the tree; failed (treeError); missing (no such classification, or no branch in the language); ready. */
  status: 'loading' | 'failed' | 'missing' | 'ready';
  treeError: string;
  branch: TreeNode | null;
  /** The knowledge top classification's name ('' for the other libraries). */
  topName: string;
  expanded: number[];
  selected: number | null;
  selectedName: string;
  matches: number[];
  draft: string;
  label: string;
  table: {
    status: 'loading' | 'failed' | 'empty' | 'ready';
    rows: ArticleRow[];
    error: string;
    /** A new page loads while the old rows stay. */
    reloading: boolean;
  } & PagingModel;
}

/** Paging numbers of a list of `count` rows on `page` of `total`. */
export function pagingOf(page: number, size: number, total: number, count: number): PagingModel {
  const from = count === 0 ? 0 : pageOffset(page, size) + 1;
  return { page, size, pages: pageCount(total, size), total, from, to: count === 0 ? 0 : from + count - 1 };
}

const findName = (node: TreeNode | null, id: number | null): string => {
  if (!node || id === null) return '';
  if (node.id === id) return node.name;
  for (const child of node.children ?? []) {
    const name = findName(child, id);
    if (name) return name;
  }
  return '';
};

/** The library browser's snapshot as a view model. */
export function selectLibraryBrowser(snapshot: SnapshotFrom<typeof libraryBrowserMachine>): LibraryBrowserViewModel {
  const c = snapshot.context;
  const status = snapshot.matches('loadingTree') ? 'loading' : snapshot.matches('treeFailed') ? 'failed' : snapshot.matches('missing') ? 'missing' : 'ready';
  const busy = snapshot.matches({ ready: 'loading' });
  const hasRows = c.shown !== null;
  const tableStatus = snapshot.matches({ ready: 'failed' }) ? 'failed' : !hasRows ? 'loading' : c.rows.length === 0 ? (busy ? 'loading' : 'empty') : 'ready';
  return {
    status,
    treeError: c.treeError,
    branch: c.branch,
    topName: c.top?.name ?? '',
    expanded: c.expanded,
    selected: c.selected,
    selectedName: c.selected === c.branch?.id ? '' : findName(c.branch, c.selected),
    matches: c.matches,
    draft: c.draft,
    label: c.label,
    table: {
      status: tableStatus,
      rows: c.rows,
      error: c.rowsError,
      reloading: busy && hasRows,
      ...pagingOf(c.page, c.size, c.total, c.rows.length),
    },
  };
}
