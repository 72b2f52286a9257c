/**
 * The four content libraries of spec 3 and the shapes they travel in (ADR 0007). Each library is
 * one classification tree (a root, language branches 中文 / English, folders) holding articles.
 */
export const LIBRARIES = ['knowledge', 'download', 'guide', 'faults'] as const;
export type Library = (typeof LIBRARIES)[number];

export type ContentLanguage = 'zh' | 'en';

/** Libraries a visitor may read; the guide and common faults are for logged-in customers. */
export const PUBLIC_LIBRARIES: readonly Library[] = ['knowledge', 'download'];

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

/** The API controllers of each library's tree and contents calls (spec 2 and 3). */
export const LIBRARY_CONTROLLERS: Record<Library, { controller: string; tree: string; contents: string }> = {
  knowledge: { controller: 'KnowledgeClassify', tree: 'GetJstreeDataAllowAnonymous', contents: 'GetContentsAllowAnonymous' },
  download: { controller: 'SoftwareDownload', tree: 'GetJstreeData', contents: 'GetContents' },
  guide: { controller: 'OperationGuide', tree: 'GetJstreeData', contents: 'GetContents' },
  faults: { controller: 'CommonFaults', tree: 'GetJstreeData', contents: 'GetContents' },
};
