import { useSelector } from '@xstate/react';
import type { Library } from '../../domain/knowledge/library';
import { SessionStoreToken } from '../../ports/tokens';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { useKnowledgeMachines } from './knowledge-machines';
import { searchInputOf, selectKnowledgeSearch, type KnowledgeSearchViewModel } from './knowledge-search.selectors';
import { KnowledgeSearchView } from './knowledge-search-view';
import { usePurifier } from './safe-html';

export interface KnowledgeSearchPanelProps {
  /** Hits of the download library open with this flag (the visitor tab passes true). */
  isVisitor: boolean;
  /** The chip chosen at first (the download centre starts on its own library). */
  library?: Library;
}

const sameModel = (a: KnowledgeSearchViewModel, b: KnowledgeSearchViewModel) =>
  a.status === b.status &&
  a.draft === b.draft &&
  a.keyword === b.keyword &&
  a.library === b.library &&
  a.language === b.language &&
  a.error === b.error &&
  a.reloading === b.reloading &&
  a.paging.page === b.paging.page &&
  a.paging.total === b.paging.total &&
  a.hits.length === b.hits.length &&
  a.hits.every((hit, i) => {
    const other = b.hits[i]!;
    return hit.id === other.id && hit.href === other.href && hit.titleHtml === other.titleHtml && hit.snippetHtml === other.snippetHtml;
  });

/** The full-text search box of the knowledge and download pages; visitors search the two public libraries. */
export function KnowledgeSearchPanel({ isVisitor, library }: KnowledgeSearchPanelProps) {
  const t = useT();
  const session = useService(SessionStoreToken);
  const purify = usePurifier();
  const actor = useFreshActor(useKnowledgeMachines().search, { input: searchInputOf(session, library) });
  const model = useSelector(actor, (snapshot) => selectKnowledgeSearch(snapshot, isVisitor), sameModel);
  return (
    <KnowledgeSearchView
      model={model}
      placeholder={t(library === 'download' ? 'knowledge.search.placeholderDownload' : 'knowledge.search.placeholder')}
      purify={purify}
      onKeyword={(text) => actor.send({ type: 'keyword.change', text })}
      onSubmit={() => actor.send({ type: 'search.submit' })}
      onLibrary={(value) => actor.send({ type: 'library.set', library: value })}
      onLanguage={(language) => actor.send({ type: 'language.set', language })}
      onPage={(page) => actor.send({ type: 'page.set', page })}
      onRetry={() => actor.send({ type: 'search.retry' })}
      onClear={() => actor.send({ type: 'search.clear' })}
    />
  );
}
