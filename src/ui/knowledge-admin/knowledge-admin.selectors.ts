import type { SnapshotFrom } from 'xstate';
import type { ArticleDraft, DraftErrors } from '../../domain/knowledge-admin/article-draft';
import type { articleEditorMachine } from '../../domain/knowledge-admin/article-editor.machine';
import { ARTICLES_PAGE_SIZE, type LibraryEditorContext, type libraryEditorMachine, type NodeChangeKind } from '../../domain/knowledge-admin/library-editor.machine';
import { actionsFor, articleFolders, findPlaced, nodeName, placeNodes, type NodeActions, type NodeRole, type PlacedNode } from '../../domain/knowledge-admin/library-tree';
import type { AdminNode, ArticleRow, Attachment, ContentLanguage, Library } from '../../domain/knowledge/library';

/** One line of the tree as the page shows it. */
export interface TreeRow {
  id: number;
  name: string;
  /** The name in the other language, when it differs. */
  otherName: string;
  role: NodeRole;
  depth: number;
  count: number;
  lang: ContentLanguage | null;
  selected: boolean;
}

/** The chosen classification with what may be done to it. */
export interface SelectedNode {
  node: AdminNode;
  role: NodeRole;
  name: string;
  otherName: string;
  /** Names from the top down, joined with " / ". */
  path: string;
  actions: NodeActions;
}

export interface LibraryPageModel {
  status: 'loading' | 'failed' | 'forbidden' | 'ready';
  library: Library;
  error: string;
  rows: TreeRow[];
  placed: PlacedNode[];
  root: { node: AdminNode; actions: NodeActions } | null;
  selected: SelectedNode | null;
  busy: boolean;
  /** The change being sent, for the dialog's busy button. */
  changing: NodeChangeKind | null;
  refusal: LibraryEditorContext['refusal'];
  articles: {
    status: 'none' | 'loading' | 'shown' | 'failed';
    rows: ArticleRow[];
    total: number;
    page: number;
    pages: number;
    error: string;
  };
}

type LibrarySnapshot = SnapshotFrom<typeof libraryEditorMachine>;

/** A name and the other language's name, for a node. */
export function namesOf(node: AdminNode, language: ContentLanguage): { name: string; otherName: string } {
  const name = nodeName(node, language);
  const other = nodeName(node, language === 'en' ? 'zh' : 'en');
  return { name, otherName: other !== name ? other : '' };
}

/** The staff page's view model: tree rows, the chosen classification and its articles. */
export function selectLibraryPage(snapshot: LibrarySnapshot, language: ContentLanguage, rootName?: string): LibraryPageModel {
  const context = snapshot.context;
  // The root keeps the spec's stored name on the wire ('root directory', 根目录); the page names it in its language.
  const names = (node: AdminNode, role: string) => (role === 'root' && rootName ? { name: rootName, otherName: '' } : namesOf(node, language));
  const placed = placeNodes(context.tree);
  const status = snapshot.matches('forbidden') ? 'forbidden' : snapshot.matches('failed') ? 'failed' : snapshot.matches('ready') ? 'ready' : 'loading';
  const chosen = findPlaced(placed, context.selectedId);
  const rootPlaced = placed.find((p) => p.role === 'root') ?? null;
  const articlesState = (['loading', 'shown', 'failed'] as const).find((s) => snapshot.matches({ ready: { articles: s } })) ?? 'none';
  return {
    status,
    library: context.library,
    error: context.error === 'error' ? '' : context.error,
    placed,
    rows: placed.map((p) => ({
      id: p.node.id,
      ...names(p.node, p.role),
      role: p.role,
      depth: p.depth,
      count: p.node.articleCount ?? 0,
      lang: p.node.lang,
      selected: p.node.id === context.selectedId,
    })),
    root: rootPlaced ? { node: rootPlaced.node, actions: actionsFor(context.library, 'root') } : null,
    selected: chosen
      ? {
          node: chosen.node,
          role: chosen.role,
          ...names(chosen.node, chosen.role),
          path: chosen.path.map((n) => nodeName(n, language)).join(' / '),
          actions: actionsFor(context.library, chosen.role),
        }
      : null,
    busy: snapshot.hasTag('busy'),
    changing: snapshot.hasTag('changing') ? (context.change?.kind ?? null) : null,
    refusal: context.refusal,
    articles: {
      status: articlesState,
      rows: context.articles,
      total: context.articlesTotal,
      page: context.articlesPage,
      pages: Math.max(1, Math.ceil(context.articlesTotal / ARTICLES_PAGE_SIZE)),
      error: context.articlesError === 'error' ? '' : context.articlesError,
    },
  };
}

/** A folder an article may be put in, labelled with its path. */
export interface FolderChoice {
  id: number;
  label: string;
}

/** The folders of one language branch, labelled with their path (knowledge: the top classification first). */
export function folderChoices(placed: readonly PlacedNode[], language: ContentLanguage, uiLanguage: ContentLanguage): FolderChoice[] {
  return articleFolders(placed, language).map((p) => ({
    id: p.node.id,
    label: p.path
      // The language already names the branch, unless the branch itself is the place.
      .filter((n, i, all) => i === all.length - 1 || findPlaced(placed, n.id)?.role !== 'branch')
      .map((n) => nodeName(n, uiLanguage))
      .join(' / '),
  }));
}

export interface ArticleFormModel {
  status: 'loading' | 'loadFailed' | 'editing' | 'deleted';
  id: number | null;
  draft: ArticleDraft;
  initialHtml: string;
  errors: DraftErrors;
  attachments: Attachment[];
  refusal: string;
  loadError: string;
  busy: boolean;
  saving: boolean;
  deleting: boolean;
  uploadingName: string | null;
  removingId: string | null;
  dirty: boolean;
}

type ArticleSnapshot = SnapshotFrom<typeof articleEditorMachine>;

/** The article form's view model. */
export function selectArticleForm(snapshot: ArticleSnapshot): ArticleFormModel {
  const c = snapshot.context;
  const status = snapshot.matches('deleted')
    ? 'deleted'
    : snapshot.matches('loadFailed')
      ? 'loadFailed'
      : snapshot.matches('loading') || snapshot.matches('starting')
        ? 'loading'
        : 'editing';
  return {
    status,
    id: c.id,
    draft: c.draft,
    initialHtml: c.initialHtml,
    errors: c.errors,
    attachments: c.attachments,
    refusal: c.refusal === 'error' ? '' : c.refusal,
    loadError: c.loadError === 'error' ? '' : c.loadError,
    busy: snapshot.hasTag('busy'),
    saving: snapshot.matches('saving'),
    deleting: snapshot.matches('deleting'),
    uploadingName: snapshot.matches('attaching') ? (c.pendingFile?.name ?? '') : null,
    removingId: snapshot.matches('removing') ? c.pendingRemoval : null,
    dirty: c.dirty,
  };
}
