import { inject, injectable } from 'inversify';
import { isNoData, isSuccess, listOf, type Envelope } from '../../contract/envelope';
import * as Knowledge from '../../contract/knowledge';
import type { SearchRequest } from '../../domain/knowledge/knowledge-search.machine';
import type { Article, ArticleAnswer, ArticleRow, ContentLanguage, Library, ListAnswer, SearchHit, TreeAnswer, TreeNode, ViewsAnswer } from '../../domain/knowledge/library';
import { refused } from '../../domain/shared/refused';
import type { ArticlesQuery, KnowledgeApiPort } from '../../ports/knowledge-api.port';
import type { PortalHttpPort } from '../../ports/portal-http.port';
import { PortalHttpToken } from '../../ports/api-tokens';

// The library pages show every answer themselves (the no-data marker as an empty table, a refusal
// next to the tree or table it concerns), so the calls do not also toast. Dialogs (expiry,
// network, timeout) still come from the HTTP adapter.
const QUIET = { quiet: true } as const;

/** The body without the fields left out (undefined); empty strings stay, they mean "any". */
function defined<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * A list answer (spec 3 section 8): the rows and the total (ReturnCount, when it is no less than
 * the rows), an empty list for the no-data marker in ReturnData or info whatever the code, or
 * the refusal with its info.
 */
export function listAnswerOf<T>(answer: Envelope<unknown>): ListAnswer<T> {
  if (isNoData(answer.ReturnData) || isNoData(answer.info)) return { kind: 'list', rows: [], total: 0 };
  if (!isSuccess(answer)) return refused(answer.info);
  const rows = listOf(answer.ReturnData as T[] | null | undefined);
  const total = typeof answer.ReturnCount === 'number' && answer.ReturnCount >= rows.length ? answer.ReturnCount : rows.length;
  return { kind: 'list', rows, total };
}

/** A tree answer: `[root]` on success, the refusal's info otherwise (401 for a visitor on the guide). */
function treeAnswerOf(answer: Envelope<unknown>): TreeAnswer {
  return isSuccess(answer) ? { kind: 'tree', roots: listOf(answer.ReturnData as TreeNode[] | null | undefined) } : refused(answer.info);
}

/** A view count: a number of a success; a success without one counts as nothing recorded. */
function viewsAnswerOf(answer: Envelope<unknown>): ViewsAnswer {
  if (!isSuccess(answer)) return refused(answer.info);
  return typeof answer.ReturnData === 'number' ? { kind: 'views', views: answer.ReturnData } : refused('');
}

/** KnowledgeApiPort over the portal HTTP port: the reading calls of the four libraries (ADR 0007), read into domain answers. */
@injectable()
export class KyKnowledgeApi implements KnowledgeApiPort {
  constructor(@inject(PortalHttpToken) private readonly http: PortalHttpPort) {}

  async getTree(library: Library, lang: ContentLanguage, signal?: AbortSignal): Promise<TreeAnswer> {
    return treeAnswerOf(await this.http.call(Knowledge.LIBRARY_CALLS[library].tree, { lang }, signal, QUIET));
  }

  async getArticles(library: Library, query: ArticlesQuery, signal?: AbortSignal): Promise<ListAnswer<ArticleRow>> {
    const body = defined({
      NodeId: query.nodeId,
      Title: query.title,
      Lable: query.label === undefined ? undefined : query.label.replace(/\s+/gu, ''),
      Series: query.series,
      Language: query.language,
      PrevPageNums: query.offset,
      TopNums: query.size,
    });
    return listAnswerOf<ArticleRow>(await this.http.call(Knowledge.LIBRARY_CALLS[library].contents, body, signal, QUIET));
  }

  async getArticle(library: Library, id: number, signal?: AbortSignal): Promise<ArticleAnswer> {
    const read = listAnswerOf<Article>(await this.http.call(Knowledge.LIBRARY_CALLS[library].contents, { Id: id }, signal, QUIET));
    if (read.kind === 'refused') return read;
    const article = read.rows[0];
    // The no-data answer (an unknown id, an article of another library) is "not there", not an error.
    if (!article) return { kind: 'missing' };
    return { kind: 'found', article: { ...article, Attachments: Array.isArray(article.Attachments) ? article.Attachments : [] } };
  }

  async recordView(articleId: number, signal?: AbortSignal): Promise<ViewsAnswer> {
    return viewsAnswerOf(await this.http.call(Knowledge.SaveTouristVolume, { KnowledgeId: articleId }, signal, QUIET));
  }

  async getViews(articleId: number, signal?: AbortSignal): Promise<ViewsAnswer> {
    return viewsAnswerOf(await this.http.call(Knowledge.GetTouristVolume, { KnowledgeId: articleId }, signal, QUIET));
  }

  async search(request: SearchRequest, signal?: AbortSignal): Promise<ListAnswer<SearchHit>> {
    const body = { Keyword: request.keyword, Library: request.library, Language: request.language, PrevPageNums: request.offset, TopNums: request.size };
    return listAnswerOf<SearchHit>(await this.http.call(Knowledge.SearchAllowAnonymous, body, signal, QUIET));
  }
}
