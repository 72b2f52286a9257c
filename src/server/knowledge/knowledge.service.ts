import { buildTree, descendantIds } from '../../domain/knowledge/classification-tree';
import { LIBRARIES, PUBLIC_LIBRARIES, type Article, type ArticleRow, type ContentLanguage, type Library, type SearchHit, type TreeNode } from '../../domain/knowledge/library';
import { highlightWords, looserPhrases, phraseTexts, queryPhrases } from '../../domain/knowledge/search-terms';
import { NO_DATA, type Envelope } from '../../domain/shared/envelope';
import type { Page } from '../../ports/cam-store.port';
import type { KnowledgeSearchOptions, KnowledgeSearchPort } from '../../ports/knowledge-search.port';
import type { ArticleSummary, AttachmentRecord, KnowledgeStore, NodeRecord, SearchRow } from '../../ports/knowledge-store.port';
import { fail, ok } from '../services/service-result';
import { markMatches, matcherOf, snippetOf } from './highlight';

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

export interface ContentsFilter {
  id?: number;
  nodeId?: number;
  title?: string;
  label?: string;
  series?: string;
  language?: ContentLanguage;
}


/** Fewer hits than this when every phrase must match: search again where any may. */
const LOOSEN_BELOW = 3;


/**
 * How long a tree answer is reused. Trees change only when staff edit them (this process forgets
 * its copy at once); another server behind the same database sees the change within this time.
 */
const TREE_TTL_MS = 5_000;

/** The reading side of the four libraries: trees, contents, views and full-text search. */
export class KnowledgeService implements KnowledgeSearchPort {
  private readonly trees = new Map<string, { at: number; answer: Promise<Envelope<TreeNode[]>> }>();

  constructor(
    private readonly store: KnowledgeStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Forgets the cached trees: called after staff change a classification. */
  treesChanged(): void {
    this.trees.clear();
  }

  /** Libraries the caller may read: visitors the public two, logged-in callers all four. */
  static readableBy(loggedIn: boolean): readonly Library[] {
    return loggedIn ? LIBRARIES : PUBLIC_LIBRARIES;
  }

  tree(library: Library, lang: ContentLanguage): Promise<Envelope<TreeNode[]>> {
    const key = `${library}:${lang}`;
    const cached = this.trees.get(key);
    if (cached && this.now() - cached.at < TREE_TTL_MS) return cached.answer;
    const answer = this.loadTree(library, lang);
    this.trees.set(key, { at: this.now(), answer });
    answer.catch(() => this.trees.delete(key));
    return answer;
  }

  private async loadTree(library: Library, lang: ContentLanguage): Promise<Envelope<TreeNode[]>> {
    const nodes = await this.store.nodes(library);
    return ok(buildTree(nodes, (n: NodeRecord, children: TreeNode[]): TreeNode => ({ id: n.id, name: lang === 'en' ? n.nameEn : n.name, parentId: n.parentId, lang: n.lang, children })));
  }

  async contents(library: Library, filter: ContentsFilter, page: Page): Promise<Envelope<ArticleRow[] | Article[] | string>> {
    if (filter.id !== undefined) {
      const article = await this.store.article(filter.id);
      if (!article || article.library !== library) return ok(NO_DATA, NO_DATA, { ReturnCount: 0 });
      const files = await this.store.attachments(article.id);
      return ok([{ ...rowOf(article), HtmlContent: article.html, Attachments: files.map(attachmentOf) }], 'success', { ReturnCount: 1 });
    }
    let nodeIds: number[] | undefined;
    if (filter.nodeId !== undefined) {
      const nodes = await this.store.nodes(library);
      nodeIds = nodes.some((n) => n.id === filter.nodeId) ? descendantIds(nodes, filter.nodeId) : [];
    }
    const { rows, total } = await this.store.articles(
      library,
      {
        ...(nodeIds ? { nodeIds } : {}),
        ...(filter.title ? { title: filter.title } : {}),
        ...(filter.label ? { label: filter.label.replace(/\s+/g, '') } : {}),
        ...(filter.series ? { series: filter.series } : {}),
        ...(filter.language ? { language: filter.language } : {}),
      },
      page,
    );
    if (!rows.length) return ok(NO_DATA, NO_DATA, { ReturnCount: total });
    return ok(rows.map(rowOf), 'success', { ReturnCount: total });
  }

  async recordView(id: number): Promise<Envelope<number | null>> {
    const views = await this.store.addView(id);
    return views === null ? fail(404, '未查询到数据') : ok(views);
  }

  async views(id: number): Promise<Envelope<number | null>> {
    const article = await this.store.article(id);
    return article ? ok(article.views) : fail(404, '未查询到数据');
  }

  async search(keyword: string, options: KnowledgeSearchOptions): Promise<{ hits: SearchHit[]; total: number }> {
    const phrases = queryPhrases(keyword);
    if (!phrases.length) return { hits: [], total: 0 };
    const request = { libraries: options.libraries, ...(options.language ? { language: options.language } : {}), page: options.page };
    let result = await this.store.search({ ...request, phrases: phraseTexts(phrases), mode: 'all' });
    let words = highlightWords(phrases);
    if (result.total < LOOSEN_BELOW) {
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

  async searchCall(keyword: string, options: KnowledgeSearchOptions): Promise<Envelope<SearchHit[] | string>> {
    const { hits, total } = await this.search(keyword, options);
    return hits.length ? ok(hits, 'success', { ReturnCount: total }) : ok(NO_DATA, NO_DATA, { ReturnCount: total });
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
