import type { Refused } from '../shared/refused';

/**
 * The four content libraries of spec 3 and the shapes they travel in (ADR 0007). Each library is
 * one classification tree (a root, language branches 中文 / English, folders) holding articles.
 */
export const LIBRARIES = ['knowledge', 'download', 'guide', 'faults'] as const;
export type Library = (typeof LIBRARIES)[number];

export type ContentLanguage = 'zh' | 'en';

/** Libraries a visitor may read; the guide and common faults are for logged-in customers. */
const PUBLIC_LIBRARIES: readonly Library[] = ['knowledge', 'download'];

/**
 * The libraries a caller may read (spec 3, ADR 0007): visitors the knowledge and download
 * libraries, logged-in callers all four. The server's access and search scope and the browser's
 * search chips all ask this.
 */
export function readableLibraries(signedIn: boolean): readonly Library[] {
  return signedIn ? LIBRARIES : PUBLIC_LIBRARIES;
}

/** Files of articles (ADR 0007): editor images up to 5 MB, attachments up to 64 MB. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_MAX_BYTES = 64 * 1024 * 1024;

/** Root names the spec gives: 'root directory' for the anonymous knowledge tree, 根目录 for the others. */
export const ROOT_NAMES: Record<Library, string> = {
  knowledge: 'root directory',
  download: '根目录',
  guide: '根目录',
  faults: '根目录',
};

/** A classification as the tree calls answer it (spec 3: id, name, parentId, children). */
export interface TreeNode {
  id: number;
  /** In the language asked for (zh when none). */
  name: string;
  /** Null for the root. */
  parentId: number | null;
  /** The language branch the node belongs to; null for the root and, in the knowledge library, the top classifications. */
  lang: ContentLanguage | null;
  children: TreeNode[];
}

/** An article row of the contents calls (spec 2 and 3 entities). */
export interface ArticleRow {
  Id: number;
  NodeId: number;
  Title: string;
  Lable: string;
  Series: string;
  Language: ContentLanguage;
  CreateTime: string;
  ViewCount: number;
}

/** A file attached to an article (download library installers, manuals). */
export interface Attachment {
  Id: string;
  FileName: string;
  Size: number;
  /** Path under the API host: /api/Knowledge/File/<id>/<name>. */
  Url: string;
}

/** One article with its body: the contents calls answer this shape when asked with an Id. */
export interface Article extends ArticleRow {
  /** Sanitised on the server; sanitise again before rendering (DECISIONS 2). */
  HtmlContent: string;
  Attachments: Attachment[];
}

/** A full-text search hit. `TitleHtml` and `Snippet` are escaped text with the matches in <mark>. */
export interface SearchHit {
  Id: number;
  NodeId: number;
  Library: Library;
  Title: string;
  TitleHtml: string;
  Snippet: string;
  Lable: string;
  Series: string;
  Language: ContentLanguage;
  CreateTime: string;
}

/** A classification as staff edit it: both names and its place. */
export interface AdminNode {
  id: number;
  library: Library;
  parentId: number | null;
  name: string;
  nameEn: string;
  lang: ContentLanguage | null;
  sort: number;
  articleCount: number;
  children: AdminNode[];
}

/** A tree call's answer: `[root]`, or a refusal (a visitor asking the guide's tree). */
export type TreeAnswer = { kind: 'tree'; roots: TreeNode[] } | Refused;

/** A list call's answer: a page of rows and the total, or a refusal. The no-data answer is an empty list. */
export type ListAnswer<T> = { kind: 'list'; rows: T[]; total: number } | Refused;

/** One article with its body: found, not there (an unknown id, or an article of another library), or a refusal. */
export type ArticleAnswer = { kind: 'found'; article: Article } | { kind: 'missing' } | Refused;

/** A view count: recorded or read, or a refusal (an unknown article, too many requests). */
export type ViewsAnswer = { kind: 'views'; views: number } | Refused;

/** What a page says of an answer: the refusal's message, or '' for any other answer. */
export const refusalMessage = (answer: { kind: string; message?: string }): string => (answer.kind === 'refused' ? (answer.message ?? '') : '');
