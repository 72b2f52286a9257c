import type { ContentLanguage, Library, SearchHit } from '../domain/knowledge/library';
import type { Page } from './cam-store.port';

export interface KnowledgeSearchOptions {
  libraries: readonly Library[];
  language?: ContentLanguage;
  page: Page;
}

/**
 * Full-text search of the libraries, ranked, with highlighted snippets (ADR 0007): the search
 * call of the knowledge pages, and the articles the chat assistant answers from (DECISIONS 6).
 */
export interface KnowledgeSearchPort {
  search(keyword: string, options: KnowledgeSearchOptions): Promise<{ hits: SearchHit[]; total: number }>;
}
