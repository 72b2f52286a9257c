import type { ServiceIdentifier } from 'inversify';
import type { articleMachine } from '../../domain/knowledge/article.machine';
import type { bookshelfMachine } from '../../domain/knowledge/bookshelf.machine';
import type { knowledgeSearchMachine } from '../../domain/knowledge/knowledge-search.machine';
import type { libraryBrowserMachine } from '../../domain/knowledge/library-browser.machine';
import { useService } from '../common/services-context';

/** The library pages' machines, ready to run: app/knowledge.module.ts provides their calls. */
export interface KnowledgeMachines {
  article: typeof articleMachine;
  bookshelf: typeof bookshelfMachine;
  libraryBrowser: typeof libraryBrowserMachine;
  search: typeof knowledgeSearchMachine;
}

export const KnowledgeMachinesToken: ServiceIdentifier<KnowledgeMachines> = Symbol.for('KnowledgeMachines');

/** The library pages' ready machines. */
export const useKnowledgeMachines = (): KnowledgeMachines => useService(KnowledgeMachinesToken);
