import { inject, injectable } from 'inversify';
import { LIBRARY_CONTROLLERS, type Article, type ArticleRow, type ContentLanguage, type Library, type SearchHit, type TreeNode } from '../../domain/knowledge/library';
import type { Envelope } from '../../domain/shared/envelope';
import type { ContentsQuery, KnowledgeApiPort, SearchQuery } from '../../ports/knowledge-api.port';
import type { PortalHttpPort } from '../../ports/portal-http.port';
import { PortalHttpToken } from '../../ports/tokens';

// The library pages show every answer themselves (the no-data marker as an empty table, a refusal
// next to the tree or table it concerns), so the calls do not also toast. Dialogs (expiry,
// network, timeout) still come from the HTTP adapter.
const QUIET = { quiet: true } as const;

/** The body without the fields left out (undefined); empty strings stay, they mean "any". */
function defined<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** KnowledgeApiPort over the portal HTTP port: the reading calls of the four libraries (ADR 0007). */
@injectable()
export class KyKnowledgeApi implements KnowledgeApiPort {
  constructor(@inject(PortalHttpToken) private readonly http: PortalHttpPort) {}

  getTree(library: Library, lang: ContentLanguage, signal?: AbortSignal): Promise<Envelope<TreeNode[]>> {
    const { controller, tree } = LIBRARY_CONTROLLERS[library];
    return this.http.call<TreeNode[]>(`api/${controller}/${tree}`, { lang }, signal, QUIET);
  }

  getContents(library: Library, query: ContentsQuery, signal?: AbortSignal): Promise<Envelope<ArticleRow[] | Article[] | string>> {
    const { controller, contents } = LIBRARY_CONTROLLERS[library];
    const body = defined({ ...query, Lable: query.Lable === undefined ? undefined : query.Lable.replace(/\s+/gu, '') });
    return this.http.call<ArticleRow[] | Article[] | string>(`api/${controller}/${contents}`, body, signal, QUIET);
  }

  recordView(articleId: number, signal?: AbortSignal): Promise<Envelope<number>> {
    return this.http.call<number>('api/KnowledgeClassify/SaveTouristVolume', { KnowledgeId: articleId }, signal, QUIET);
  }

  getViews(articleId: number, signal?: AbortSignal): Promise<Envelope<number>> {
    return this.http.call<number>('api/KnowledgeClassify/GetTouristVolume', { KnowledgeId: articleId }, signal, QUIET);
  }

  search(query: SearchQuery, signal?: AbortSignal): Promise<Envelope<SearchHit[] | string>> {
    return this.http.call<SearchHit[] | string>('api/KnowledgeClassify/SearchAllowAnonymous', defined({ ...query }), signal, QUIET);
  }
}
