import type { SnapshotFrom } from 'xstate';
import type { KnowledgeSearchInput, knowledgeSearchMachine } from '../../domain/knowledge/knowledge-search.machine';
import { readableLibraries, type ContentLanguage, type Library } from '../../domain/knowledge/library';
import type { SessionStorePort } from '../../ports/session-store.port';
import { articlePath } from './article-links';
import { pagingOf, type PagingModel } from './library-browser.selectors';

/** One hit as the list shows it; `titleHtml` and `snippetHtml` still go through DOMPurify. */
export interface HitModel {
  id: number;
  library: Library;
  title: string;
  titleHtml: string;
  snippetHtml: string;
  label: string;
  language: ContentLanguage;
  createTime: string;
  /** The article route for its library, opened in a new tab. */
  href: string;
}

/** What the full-text search panel shows. */
export interface KnowledgeSearchViewModel {
  status: 'idle' | 'searching' | 'failed' | 'empty' | 'ready';
  draft: string;
  keyword: string;
  libraries: readonly Library[];
  library: Library | '';
  language: ContentLanguage | '';
  hits: HitModel[];
  paging: PagingModel;
  error: string;
  /** Another page or chip is loading while the old hits stay. */
  reloading: boolean;
}

/** What the search panel starts with: the chips of the libraries the session may read, and the one chosen at first. */
export function searchInputOf(session: Pick<SessionStorePort, 'signedIn'>, library?: Library): KnowledgeSearchInput {
  return { libraries: readableLibraries(session.signedIn()), library };
}

/** The search machine's snapshot as a view model; hits link with the visitor flag of the page. */
export function selectKnowledgeSearch(snapshot: SnapshotFrom<typeof knowledgeSearchMachine>, isVisitor: boolean): KnowledgeSearchViewModel {
  const c = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const status = snapshot.matches('idle')
    ? 'idle'
    : snapshot.matches('failed')
      ? 'failed'
      : busy && c.shown === null
        ? 'searching'
        : c.hits.length === 0
          ? busy
            ? 'searching'
            : 'empty'
          : 'ready';
  return {
    status,
    draft: c.draft,
    keyword: c.keyword,
    libraries: c.libraries,
    library: c.library,
    language: c.language,
    hits: c.hits.map((hit) => ({
      id: hit.Id,
      library: hit.Library,
      title: hit.Title,
      titleHtml: hit.TitleHtml ?? hit.Title,
      snippetHtml: hit.Snippet ?? '',
      label: hit.Lable ?? '',
      language: hit.Language,
      createTime: hit.CreateTime,
      href: articlePath(hit.Library, hit.Id, hit.NodeId, isVisitor),
    })),
    paging: pagingOf(c.page, c.size, c.total, c.hits.length),
    error: c.error,
    reloading: busy && c.shown !== null && c.hits.length > 0,
  };
}
