import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { knowledgeSearchMachine } from '../../domain/knowledge/knowledge-search.machine';
import { LIBRARIES, PUBLIC_LIBRARIES, type Library } from '../../domain/knowledge/library';
import { useOptionalPort } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { useKnowledgeApi } from './knowledge-ports';
import { selectKnowledgeSearch, type KnowledgeSearchViewModel } from './knowledge-search.selectors';
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
  const api = useKnowledgeApi();
  const t = useT();
  const storage = useOptionalPort('KeyValueStoragePort');
  const purify = usePurifier();
  const libraries = storage?.get('token') ? LIBRARIES : PUBLIC_LIBRARIES;
  const machine = useMemo(
    () =>
      knowledgeSearchMachine.provide({
        actors: {
          search: fromPromise(({ input, signal }) =>
            api.search({ Keyword: input.keyword, Library: input.library, Language: input.language, PrevPageNums: input.offset, TopNums: input.size }, signal),
          ),
        },
      }),
    [api],
  );
  const actor = useFreshActor(machine, { input: { libraries, library } });
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
