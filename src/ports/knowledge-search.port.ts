import type { ContentLanguage, Library, SearchHit } from '../domain/knowledge/library';
import type { Page } from './cam-store.port';

export interface KnowledgeSearchOptions {
  libraries: readonly Library[];
  language?: ContentLanguage;
  page: Page;
  /**
   * browse (the default): the page of hits and the total of every article the search matches, as
   * the search pages show; answer: only the best page (the assistant's passages), found by
   * lowering how many of the words must match one step at a time, so common words alone never
   * make the database rank most of the library.
   */
  purpose?: 'browse' | 'answer';
}

/**
 * Full-text search of the libraries, ranked, with highlighted snippets (ADR 0007): the search
 * call of the knowledge pages, and the articles the chat assistant answers from (DECISIONS 6).
 */
export interface KnowledgeSearchPort {
  search(keyword: string, options: KnowledgeSearchOptions): Promise<{ hits: SearchHit[]; total: number }>;
}
