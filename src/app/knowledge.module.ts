import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { KyKnowledgeApi } from '../adapters/ky/ky-knowledge-api.adapter';
import { articleMachine } from '../domain/knowledge/article.machine';
import { bookshelfMachine } from '../domain/knowledge/bookshelf.machine';
import { knowledgeSearchMachine } from '../domain/knowledge/knowledge-search.machine';
import { libraryBrowserMachine } from '../domain/knowledge/library-browser.machine';
import { KnowledgeApiToken } from '../ports/api-tokens';
import { KnowledgeMachinesToken, type KnowledgeMachines } from '../ui/knowledge/knowledge-machines';

/** The library pages' bindings: trees, contents, view counts and full-text search of ADR 0007, and the machines that use them. */
export const knowledgeModule = new ContainerModule((options) => {
  options.bind(KnowledgeApiToken).to(KyKnowledgeApi).inSingletonScope();
  options
    .bind(KnowledgeMachinesToken)
    .toDynamicValue((context): KnowledgeMachines => {
      const api = context.get(KnowledgeApiToken);
      return {
        article: articleMachine.provide({
          actors: {
            loadArticle: fromPromise(({ input, signal }) => api.getArticle(input.library, input.id, signal)),
            recordView: fromPromise(({ input, signal }) => api.recordView(input.id, signal)),
          },
        }),
        bookshelf: bookshelfMachine.provide({
          actors: { loadTree: fromPromise(({ input, signal }) => api.getTree('knowledge', input.lang, signal)) },
        }),
        libraryBrowser: libraryBrowserMachine.provide({
          actors: {
            loadTree: fromPromise(({ input, signal }) => api.getTree(input.library, input.lang, signal)),
            loadContents: fromPromise(({ input, signal }) =>
              api.getArticles(input.library, { nodeId: input.nodeId, label: input.label, offset: input.offset, size: input.size }, signal),
            ),
          },
        }),
        search: knowledgeSearchMachine.provide({
          actors: { search: fromPromise(({ input, signal }) => api.search(input, signal)) },
        }),
      };
    })
    .inSingletonScope();
});
