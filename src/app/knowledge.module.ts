import { ContainerModule } from 'inversify';
import { KyKnowledgeApi } from '../adapters/ky/ky-knowledge-api.adapter';
import { KnowledgeApiToken } from '../ports/tokens';

/** The library pages' bindings: trees, contents, view counts and full-text search of ADR 0007. */
export const knowledgeModule = new ContainerModule((options) => {
  options.bind(KnowledgeApiToken).to(KyKnowledgeApi).inSingletonScope();
});
