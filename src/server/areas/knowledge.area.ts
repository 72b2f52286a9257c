import { PgKnowledgeRepository } from '../../adapters/postgres/pg-knowledge.repository';
import type { Core } from './core';
import { knowledgeAdminRoutes } from '../routes/knowledge-admin.routes';
import { knowledgeFileRoute, knowledgeUploadRoutes } from '../routes/knowledge-files.routes';
import { knowledgeRoutes } from '../routes/knowledge.routes';
import { KnowledgeAdminService } from '../services/knowledge/knowledge-admin.service';
import { KnowledgeService } from '../services/knowledge/knowledge.service';
import { defineArea } from './server-area';

/** The change-notice topic of the knowledge trees' cache. */
const KNOWLEDGE_TREES = 'knowledge-trees';

/** The knowledge base and its editing by staff. */
export const knowledgeArea = defineArea({
  name: 'knowledge',
  services: ({ database, files, infrastructure: { notices } }: Core) => {
    const knowledgeStore = new PgKnowledgeRepository(database.db);
    const knowledge = new KnowledgeService(knowledgeStore);
    // A staff change clears this portal's trees at once and every other portal's through the notice.
    notices.subscribe(KNOWLEDGE_TREES, () => knowledge.treesChanged());
    const treesChanged = () => {
      knowledge.treesChanged();
      notices.publish(KNOWLEDGE_TREES).catch(() => {}); // the others' trees expire within 5 s anyway
    };
    return { knowledgeStore, knowledge, knowledgeAdmin: new KnowledgeAdminService(knowledgeStore, files, treesChanged) };
  },
  routes: (services) => [
    ...knowledgeRoutes(services),
    ...knowledgeAdminRoutes(services),
    knowledgeFileRoute(services.knowledgeAdmin),
    knowledgeUploadRoutes(services.knowledgeAdmin),
  ],
});
export type KnowledgeServices = ReturnType<typeof knowledgeArea.services>;
