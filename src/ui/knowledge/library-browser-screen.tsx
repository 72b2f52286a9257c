import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import type { ArticleRow, Library } from '../../domain/knowledge/library';
import { useFreshActor } from '../common/use-fresh-actor';
import { useLanguage } from '../i18n/language-context';
import { useKnowledgeMachines } from './knowledge-machines';
import { selectLibraryBrowser, type LibraryBrowserViewModel } from './library-browser.selectors';
import { LibraryBrowserView, type BrowserColumns } from './library-browser-view';

export interface LibraryBrowserScreenProps {
  library: Library;
  /** The node the page is about (the folder page's classification), if any. */
  focus?: number | null;
  columns: BrowserColumns;
  /** The tree's top row; a function of the model so the folder page can name its classification. */
  rootLabel: (model: LibraryBrowserViewModel) => string;
  actionLabel: string;
  hrefOf: (row: ArticleRow) => string;
  testId: string;
  /** What shows above the tree and table (the folder page names its classification). */
  header?: (model: LibraryBrowserViewModel) => ReactNode;
}

/** One library's tree-and-table page wired to the reading calls; loads again in the page language. */
export function LibraryBrowserScreen({ library, focus = null, columns, rootLabel, actionLabel, hrefOf, testId, header }: LibraryBrowserScreenProps) {
  const { language } = useLanguage();
  const actor = useFreshActor(useKnowledgeMachines().libraryBrowser, { input: { library, lang: language, focus } });
  const model = useSelector(actor, selectLibraryBrowser, shallowEqual);

  useEffect(() => {
    actor.send({ type: 'lang.set', lang: language });
  }, [actor, language]);

  return (
    <>
      {header?.(model)}
      <LibraryBrowserView
        model={model}
        columns={columns}
        rootLabel={rootLabel(model)}
        actionLabel={actionLabel}
        hrefOf={hrefOf}
        testId={testId}
        onSelect={(id) => actor.send({ type: 'node.select', id })}
        onToggle={(id) => actor.send({ type: 'node.toggle', id })}
        onSearchChange={(text) => actor.send({ type: 'search.change', text })}
        onSearch={() => actor.send({ type: 'search.submit' })}
        onReset={() => actor.send({ type: 'search.reset' })}
        onPage={(page) => actor.send({ type: 'page.set', page })}
        onRetryTree={() => actor.send({ type: 'tree.reload' })}
        onRetryRows={() => actor.send({ type: 'contents.reload' })}
      />
    </>
  );
}
