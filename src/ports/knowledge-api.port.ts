import type { AdminNode, Article, ArticleRow, ContentLanguage, Library, SearchHit, TreeNode } from '../domain/knowledge/library';
import type { Envelope } from '../domain/shared/envelope';

/** Filters of the contents calls; empty strings mean "any". */
export interface ContentsQuery {
  /** One article with its body. */
  Id?: number;
  /** The folder and everything under it. */
  NodeId?: number;
  Title?: string;
  /** Whitespace is removed before it is sent and again on the server. */
  Lable?: string;
  Series?: string;
  Language?: ContentLanguage | '';
  PrevPageNums?: number;
  TopNums?: number;
}

export interface SearchQuery {
  Keyword: string;
  Language?: ContentLanguage | '';
  Library?: Library | '';
  PrevPageNums?: number;
  TopNums?: number;
}

/**
 * The reading calls of the four libraries (ADR 0007): trees, contents (a list, or one article
 * with Id), view counts and full-text search. `暂无数据` in ReturnData means an empty list.
 */
export interface KnowledgeApiPort {
  /** The library's tree: ReturnData is [root]. Names in `lang`. */
  getTree(library: Library, lang: ContentLanguage, signal?: AbortSignal): Promise<Envelope<TreeNode[]>>;
  /** Article rows (ReturnCount is the total), or one article with its body when `Id` is given. */
  getContents(library: Library, query: ContentsQuery, signal?: AbortSignal): Promise<Envelope<ArticleRow[] | Article[] | string>>;
  /** `SaveTouristVolume`: records a view; ReturnData is the new count. */
  recordView(articleId: number, signal?: AbortSignal): Promise<Envelope<number>>;
  /** `GetTouristVolume`: ReturnData is the view count. */
  getViews(articleId: number, signal?: AbortSignal): Promise<Envelope<number>>;
  /** Full-text search, ranked; visitors search the knowledge and download libraries, users all four. */
  search(query: SearchQuery, signal?: AbortSignal): Promise<Envelope<SearchHit[] | string>>;
}

export interface SaveNodeBody {
  Id?: number;
  Library: Library;
  ParentId: number;
  Name: string;
  NameEn: string;
  Sort?: number;
}

export interface SaveArticleBody {
  Id?: number;
  NodeId: number;
  Title: string;
  Lable: string;
  Series: string;
  /** Defaults to the language branch of the folder. */
  Language?: ContentLanguage;
  HtmlContent: string;
}

/** Staff authoring of the libraries (access staff on the server): classifications, articles, files. */
export interface KnowledgeAdminApiPort {
  /** Every library's tree with both names and article counts: ReturnData is [root]. */
  getTree(library: Library, signal?: AbortSignal): Promise<Envelope<AdminNode[]>>;
  /** `GetArticles`: the article rows of one folder (not below it), newest first; ReturnCount is the total. */
  getArticles(nodeId: number, page: { offset: number; size: number }, signal?: AbortSignal): Promise<Envelope<ArticleRow[] | string>>;
  saveNode(body: SaveNodeBody, signal?: AbortSignal): Promise<Envelope<{ Id: number }>>;
  moveNode(id: number, parentId: number, signal?: AbortSignal): Promise<Envelope<unknown>>;
  /** Refused (code 400) while the classification holds folders or articles. */
  deleteNode(id: number, signal?: AbortSignal): Promise<Envelope<unknown>>;
  /** An article of any library with its body and attachments. */
  getArticle(id: number, signal?: AbortSignal): Promise<Envelope<Article & { Library: Library }>>;
  saveArticle(body: SaveArticleBody, signal?: AbortSignal): Promise<Envelope<{ Id: number }>>;
  deleteArticle(id: number, signal?: AbortSignal): Promise<Envelope<unknown>>;
  /** An image for the editor (png, jpeg, gif, webp); ReturnData.Url is what the editor inserts. */
  uploadImage(file: File, signal?: AbortSignal): Promise<Envelope<{ Id: string; FileName: string; Url: string }>>;
  attachFile(articleId: number, file: File, signal?: AbortSignal): Promise<Envelope<{ Id: string; FileName: string; Size: number; Url: string }>>;
  removeAttachment(id: string, signal?: AbortSignal): Promise<Envelope<unknown>>;
}
