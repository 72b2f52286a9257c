import { buildTree, descendantIds } from '../../../domain/knowledge/classification-tree';
import { LIBRARIES, readableLibraries, type Article, type ArticleRow, type ContentLanguage, type Library, type SearchHit, type TreeNode } from '../../../domain/knowledge/library';
import { combinationCount, highlightWords, looserPhrases, phraseTexts, queryPhrases } from '../../../domain/knowledge/search-terms';
import type { Page } from '../../../ports/cam-store.port';
import type { KnowledgeSearchOptions, KnowledgeSearchPort } from '../../../ports/knowledge-search.port';
import type { ArticleSummary, AttachmentRecord, KnowledgeStore, NodeRecord, SearchRequest, SearchRow } from '../../../ports/knowledge-store.port';
import { done, refuse, type Outcome } from '../../outcome';
import { markMatches, matcherOf, snippetOf } from './highlight';
import { idOf } from './wire-id';

/** Where a file of an article is served (GET, public; ADR 0007). */
export const knowledgeFileUrl = (file: { id: string; fileName: string }) => `/api/Knowledge/File/${file.id}/${encodeURIComponent(file.fileName)}`;

export const rowOf = (a: ArticleSummary): ArticleRow => ({
  Id: a.id,
  NodeId: a.nodeId,
  Title: a.title,
  Lable: a.label,
  Series: a.series,
  Language: a.language,
  CreateTime: a.createdAt.toISOString(),
  ViewCount: a.views,
});

export const attachmentOf = (f: AttachmentRecord) => ({ Id: f.id, FileName: f.fileName, Size: f.size, Url: knowledgeFileUrl(f) });

/** The filters of a contents call as they came: ids as sent (checked here), text untrimmed, '' for any. */
export interface ContentsQuery {
  id?: unknown;
  nodeId?: unknown;
  title?: string;
  label?: string;
  series?: string;
  language?: string;
}

/** A search call as it came: the keyword, the library and language ('' or absent for any), and whether the caller is logged in. */
export interface SearchQuery {
  keyword: string;
  library?: string;
  language?: string;
  signedIn: boolean;
}

/** Rows a contents call lists when it names no page size. */
export const CONTENTS_PAGE_SIZE = 50;
/** Hits a search answers when it names no page size. */
export const SEARCH_PAGE_SIZE = 10;

const languageOf = (value: string | undefined): ContentLanguage | undefined => (value === 'zh' || value === 'en' ? value : undefined);
const isLibrary = (value: string): value is Library => (LIBRARIES as readonly string[]).includes(value);

/** Fewer hits than this when every phrase must match: search again where any may. */
const LOOSEN_BELOW = 3;
/** Most phrase combinations one "at least k of them" query may OR together; a level with more is skipped. */
const MAX_COMBINATIONS = 64;


/**
 * How long a tree answer is reused. Trees change only when staff edit them (this process forgets
 * its copy at once); another server behind the same database sees the change within this time.
 */
const TREE_TTL_MS = 5_000;

/** The reading side of the four libraries: trees, contents, views and full-text search. */
export class KnowledgeService implements KnowledgeSearchPort {
  private readonly trees = new Map<string, { at: number; answer: Promise<TreeNode[]> }>();

  constructor(
    private readonly store: KnowledgeStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Forgets the cached trees: called after staff change a classification. */
  treesChanged(): void {
    this.trees.clear();
  }

  /** The library's tree (`[root]`), names in `lang`; reused for a few seconds. */
  async tree(library: Library, lang: ContentLanguage): Promise<Outcome<TreeNode[]>> {
    return done(await this.cachedTree(library, lang));
  }

  private cachedTree(library: Library, lang: ContentLanguage): Promise<TreeNode[]> {
    const key = `${library}:${lang}`;
    const cached = this.trees.get(key);
    if (cached && this.now() - cached.at < TREE_TTL_MS) return cached.answer;
    const answer = this.loadTree(library, lang);
    this.trees.set(key, { at: this.now(), answer });
    answer.catch(() => this.trees.delete(key));
    return answer;
  }

  private async loadTree(library: Library, lang: ContentLanguage): Promise<TreeNode[]> {
    const nodes = await this.store.nodes(library);
    return buildTree(nodes, (n: NodeRecord, children: TreeNode[]): TreeNode => ({ id: n.id, name: lang === 'en' ? n.nameEn : n.name, parentId: n.parentId, lang: n.lang, children }));
  }

  /**
   * A library's article rows, newest first (a folder with every folder below it, filtered by
   * title, label without whitespace, series and language), or with `id` the one article with its
   * body. An article of another library is as unknown as a missing one: no rows.
   */
  async contents(library: Library, query: ContentsQuery, page: Page): Promise<Outcome<ArticleRow[] | Article[], 'badId' | 'badNodeId'>> {
    const id = idOf(query.id);
    const nodeId = idOf(query.nodeId);
    if (id === null) return refuse('badId');
    if (nodeId === null) return refuse('badNodeId');
    if (id !== undefined) {
      const article = await this.store.article(id);
      if (!article || article.library !== library) return done([], 0);
      const files = await this.store.attachments(article.id);
      return done([{ ...rowOf(article), HtmlContent: article.html, Attachments: files.map(attachmentOf) }], 1);
    }
    let nodeIds: number[] | undefined;
    if (nodeId !== undefined) {
      const nodes = await this.store.nodes(library);
      nodeIds = nodes.some((n) => n.id === nodeId) ? descendantIds(nodes, nodeId) : [];
    }
    const title = query.title?.trim();
    const label = query.label?.replace(/\s+/g, '');
    const series = query.series?.trim();
    const language = languageOf(query.language);
    const { rows, total } = await this.store.articles(
      library,
      {
        ...(nodeIds ? { nodeIds } : {}),
        ...(title ? { title } : {}),
        ...(label ? { label } : {}),
        ...(series ? { series } : {}),
        ...(language ? { language } : {}),
      },
      page,
    );
    return done(rows.map(rowOf), total);
  }

  /** `SaveTouristVolume`: one more view of an article of any library; the new count. */
  async recordView(knowledgeId: unknown): Promise<Outcome<number, 'badId' | 'unknownArticle'>> {
    const id = idOf(knowledgeId);
    if (!id) return refuse('badId');
    const views = await this.store.addView(id);
    return views === null ? refuse('unknownArticle') : done(views);
  }

  /** `GetTouristVolume`: an article's view count. */
  async views(knowledgeId: unknown): Promise<Outcome<number, 'badId' | 'unknownArticle'>> {
    const id = idOf(knowledgeId);
    if (!id) return refuse('badId');
    const article = await this.store.article(id);
    return article ? done(article.views) : refuse('unknownArticle');
  }

  /**
   * `SearchAllowAnonymous`: the search of the libraries the caller may read, or of the one they
   * name; a library a visitor may not read is refused, not searched.
   */
  async searchFor(query: SearchQuery, page: Page): Promise<Outcome<SearchHit[], 'emptyKeyword' | 'notReadable'>> {
    if (!query.keyword.trim()) return refuse('emptyKeyword');
    const readable = readableLibraries(query.signedIn);
    const wanted = query.library && isLibrary(query.library) ? query.library : null;
    if (wanted && !readable.includes(wanted)) return refuse('notReadable');
    const language = languageOf(query.language);
    const { hits, total } = await this.search(query.keyword, { libraries: wanted ? [wanted] : readable, ...(language ? { language } : {}), page });
    return done(hits, total);
  }

  async search(keyword: string, options: KnowledgeSearchOptions): Promise<{ hits: SearchHit[]; total: number }> {
    const phrases = queryPhrases(keyword);
    if (!phrases.length) return { hits: [], total: 0 };
    const request = { libraries: options.libraries, ...(options.language ? { language: options.language } : {}), page: options.page };
    let result = await this.store.search({ ...request, phrases: phraseTexts(phrases), mode: 'all' });
    let words = highlightWords(phrases);
    if (result.total < LOOSEN_BELOW && options.purpose === 'answer') {
      // Each phrase or, for a long Chinese one, any of its pairs: a level counts phrases, not pairs.
      const groups = phrases.map((p) => phraseTexts([p, ...looserPhrases([p]).filter((l) => l.join(' ') !== p.join(' '))]));
      result = await this.bestOf(request, result, groups.map((g) => (g.length === 1 ? g[0]! : g)));
      words = highlightWords(looserPhrases(phrases).concat(phrases));
    } else if (result.total < LOOSEN_BELOW) {
      const loose = looserPhrases(phrases);
      const any = await this.store.search({ ...request, phrases: phraseTexts(loose), mode: 'any' });
      if (any.total > result.total) {
        result = any;
        words = highlightWords(loose);
      }
    }
    const matcher = matcherOf(words);
    return { hits: result.rows.map((r) => hitOf(r, matcher)), total: result.total };
  }

  /**
   * The best page when not every phrase matches: articles with all but one of the phrases, then
   * all but two, and so on down to any one, each level ranked, until the page is full. A level
   * with many combinations is skipped. Selective levels are cheap (the index intersects their
   * words), where "any one" over common words ranks most of the library (issue 20's first token).
   */
  private async bestOf(request: Omit<SearchRequest, 'phrases' | 'mode'>, strict: { rows: SearchRow[]; total: number }, phrases: SearchRequest['phrases']) {
    const rows = [...strict.rows];
    const want = request.page.limit;
    // Every phrase exactly was the strict search; every phrase loosely is worth one more query only when some phrase has pairs.
    const loosened = phrases.some((p) => typeof p !== 'string');
    for (let k = loosened ? phrases.length : phrases.length - 1; k >= 1 && rows.length < want; k--) {
      if (k > 1 && combinationCount(phrases.length, k) > MAX_COMBINATIONS) continue;
      const level = await this.store.search({ ...request, page: { offset: 0, limit: want }, phrases, mode: k === phrases.length ? 'all' : { atLeast: k } });
      for (const row of level.rows) if (rows.length < want && !rows.some((r) => r.id === row.id)) rows.push(row);
    }
    return { rows, total: rows.length };
  }
}

function hitOf(r: SearchRow, matcher: RegExp | null): SearchHit {
  return {
    Id: r.id,
    NodeId: r.nodeId,
    Library: r.library,
    Title: r.title,
    TitleHtml: markMatches(r.title, matcher),
    Snippet: snippetOf(r.plainText, matcher),
    Lable: r.label,
    Series: r.series,
    Language: r.language,
    CreateTime: r.createdAt.toISOString(),
  };
}
