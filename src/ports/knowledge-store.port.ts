import type { ContentLanguage, Library } from '../domain/knowledge/library';
import type { Page } from './cam-store.port';

/** A classification as stored: both names, its language branch, its place in the tree. */
export interface NodeRecord {
  id: number;
  library: Library;
  parentId: number | null;
  name: string;
  nameEn: string;
  lang: ContentLanguage | null;
  sort: number;
}

export interface AttachmentRecord {
  id: string;
  /** Null for an editor image whose article is not saved yet. */
  articleId: number | null;
  fileId: string;
  fileName: string;
  size: number;
  /** attachment (listed with the article) or image (inserted in its body by the editor). */
  kind: 'attachment' | 'image';
  /** The type the content showed when stored (file-type), null when none; what the file is served as. */
  detectedType: string | null;
  createdAt: Date;
}

/** An article as stored; `html` is already sanitised, `plainText` is what search reads. */
export interface ArticleRecord {
  id: number;
  library: Library;
  nodeId: number;
  title: string;
  label: string;
  series: string;
  language: ContentLanguage;
  html: string;
  /** Stable key of imported content (library/path of the source file); null for articles written in the portal. */
  sourceKey: string | null;
  views: number;
  createdAt: Date;
  updatedAt: Date;
}

export type ArticleSummary = Omit<ArticleRecord, 'html'>;

export interface ArticleFilter {
  id?: number;
  /** These folders (a folder and its descendants, resolved by the caller). */
  nodeIds?: number[];
  title?: string;
  label?: string;
  series?: string;
  language?: ContentLanguage;
}

export interface ArticleInput {
  library: Library;
  nodeId: number;
  title: string;
  label: string;
  series: string;
  language: ContentLanguage;
  /** Sanitised HTML. */
  html: string;
  /** The body as text (snippets are cut from it). */
  plainText: string;
  /** Segmented text of the title and of the body for the full-text index (see knowledge search). */
  searchTitle: string;
  searchBody: string;
  sourceKey?: string | null;
  createdAt?: Date;
}

export interface SearchRequest {
  /**
   * Phrases of segmented words (each becomes a `phraseto_tsquery`), see domain/knowledge/search-terms;
   * a list in place of a phrase matches when any of its phrases does (a long phrase and its pairs).
   */
  phrases: ReadonlyArray<string | readonly string[]>;
  /** all: every phrase must match; any: one is enough; atLeast: any `atLeast` of them together. */
  mode: 'all' | 'any' | { atLeast: number };
  libraries: readonly Library[];
  language?: ContentLanguage;
  page: Page;
}

export interface SearchRow extends ArticleSummary {
  rank: number;
  /** Plain text of the body, for the snippet. */
  plainText: string;
}

/** The four libraries in PostgreSQL: classification trees, articles, attachments, views, the full-text index. */
export interface KnowledgeStore {
  nodes(library: Library): Promise<NodeRecord[]>;
  node(id: number): Promise<NodeRecord | null>;
  addNode(node: Omit<NodeRecord, 'id'>): Promise<NodeRecord>;
  updateNode(id: number, change: Partial<Pick<NodeRecord, 'name' | 'nameEn' | 'sort' | 'parentId' | 'lang'>>): Promise<void>;
  /** Deletes a classification that holds nothing; false when it has children or articles. */
  deleteEmptyNode(id: number): Promise<boolean>;

  articles(library: Library, filter: ArticleFilter, page: Page): Promise<{ rows: ArticleSummary[]; total: number }>;
  article(id: number): Promise<ArticleRecord | null>;
  articleBySourceKey(sourceKey: string): Promise<ArticleRecord | null>;
  addArticle(input: ArticleInput): Promise<number>;
  updateArticle(id: number, input: ArticleInput): Promise<void>;
  deleteArticle(id: number): Promise<AttachmentRecord[]>;
  countArticles(nodeIds: number[]): Promise<Map<number, number>>;

  /** Adds one view and answers the new count; null for an unknown article. */
  addView(id: number): Promise<number | null>;

  attachments(articleId: number): Promise<AttachmentRecord[]>;
  attachment(id: string): Promise<AttachmentRecord | null>;
  /** A file that an article's body or attachments refer to (images of the editor too). */
  addAttachment(record: Omit<AttachmentRecord, 'id' | 'createdAt'>): Promise<AttachmentRecord>;
  removeAttachment(id: string): Promise<AttachmentRecord | null>;
  /** Every file of an article, images included. */
  filesOfArticle(articleId: number): Promise<AttachmentRecord[]>;
  /** Hands files (editor or imported images) to the article that refers to them. */
  assignFiles(ids: string[], articleId: number): Promise<void>;

  search(request: SearchRequest): Promise<{ rows: SearchRow[]; total: number }>;
}
