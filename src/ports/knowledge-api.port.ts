import type { SaveArticleRequest } from '../domain/knowledge-admin/article-draft';
import type { AdminArticleAnswer, AttachAnswer, DoneAnswer, SaveArticleAnswer } from '../domain/knowledge-admin/article-editor.machine';
import type { AdminTreeAnswer } from '../domain/knowledge-admin/library-editor.machine';
import type { SearchRequest } from '../domain/knowledge/knowledge-search.machine';
import type { ArticleAnswer, ArticleRow, ContentLanguage, Library, ListAnswer, SearchHit, TreeAnswer, ViewsAnswer } from '../domain/knowledge/library';
import type { Refused } from '../domain/shared/refused';

/** What a contents list asks for; absent filters mean "any". */
export interface ArticlesQuery {
  /** The folder and everything under it. */
  nodeId?: number;
  title?: string;
  /** Whitespace is removed before it is sent (and again on the server). */
  label?: string;
  series?: string;
  language?: ContentLanguage | '';
  /** Rows skipped, and the page size. */
  offset?: number;
  size?: number;
}

/**
 * The reading calls of the four libraries (ADR 0007), answered in domain terms: trees, article
 * lists (the no-data answer is an empty list), one article with its body, view counts and
 * full-text search. A call rejects only when no answer arrived (the HTTP adapter has shown the
 * network or timeout dialog).
 */
export interface KnowledgeApiPort {
  /** The library's tree, `[root]`, names in `lang`. */
  getTree(library: Library, lang: ContentLanguage, signal?: AbortSignal): Promise<TreeAnswer>;
  /** Article rows, newest first, and their total. */
  getArticles(library: Library, query: ArticlesQuery, signal?: AbortSignal): Promise<ListAnswer<ArticleRow>>;
  /** One article with its body and attachments; `missing` for an unknown id or an article of another library. */
  getArticle(library: Library, id: number, signal?: AbortSignal): Promise<ArticleAnswer>;
  /** `SaveTouristVolume`: records a view; the new count. */
  recordView(articleId: number, signal?: AbortSignal): Promise<ViewsAnswer>;
  /** `GetTouristVolume`: the view count. */
  getViews(articleId: number, signal?: AbortSignal): Promise<ViewsAnswer>;
  /** Full-text search, ranked; visitors search the knowledge and download libraries, users all four. */
  search(request: SearchRequest, signal?: AbortSignal): Promise<ListAnswer<SearchHit>>;
}

export interface SaveNodeBody {
  Id?: number;
  Library: Library;
  ParentId: number;
  Name: string;
  NameEn: string;
  Sort?: number;
}

/** SaveNode's answer: the classification's id. */
export type SaveNodeAnswer = { kind: 'saved'; id: number } | Refused;

/** An image the editor inserts: where it is served. */
export type UploadImageAnswer = { kind: 'uploaded'; url: string } | Refused;

/**
 * Staff authoring of the libraries (access staff on the server): classifications, articles, files,
 * answered in domain terms. A call rejects only when no answer arrived.
 */
export interface KnowledgeAdminApiPort {
  /** A library's tree with both names and article counts (`[root]`); `forbidden` for a caller who is not staff. */
  getTree(library: Library, signal?: AbortSignal): Promise<AdminTreeAnswer>;
  /** `GetArticles`: the article rows of one folder (not below it), newest first, and their total. */
  getArticles(nodeId: number, page: { offset: number; size: number }, signal?: AbortSignal): Promise<ListAnswer<ArticleRow>>;
  saveNode(body: SaveNodeBody, signal?: AbortSignal): Promise<SaveNodeAnswer>;
  moveNode(id: number, parentId: number, signal?: AbortSignal): Promise<DoneAnswer>;
  /** Refused while the classification holds folders or articles. */
  deleteNode(id: number, signal?: AbortSignal): Promise<DoneAnswer>;
  /** An article of any library with its body and attachments. */
  getArticle(id: number, signal?: AbortSignal): Promise<AdminArticleAnswer>;
  saveArticle(body: SaveArticleRequest, signal?: AbortSignal): Promise<SaveArticleAnswer>;
  deleteArticle(id: number, signal?: AbortSignal): Promise<DoneAnswer>;
  /** An image for the editor (png, jpeg, gif, webp). */
  uploadImage(file: File, signal?: AbortSignal): Promise<UploadImageAnswer>;
  attachFile(articleId: number, file: File, signal?: AbortSignal): Promise<AttachAnswer>;
  removeAttachment(id: string, signal?: AbortSignal): Promise<DoneAnswer>;
}
