import type { KnowledgeAdminApiPort } from '../../ports/knowledge-api.port';
import { useOptionalPort } from '../common/services-context';

declare module '../common/services-context' {
  interface PortMap {
    KnowledgeAdminApiPort: KnowledgeAdminApiPort;
  }
}

const unbound = async (): Promise<never> => {
  throw new Error('KnowledgeAdminApiPort is not bound');
};

/** The not-bound stand-in: every call fails, so the page shows its failed states instead of crashing. */
const UNBOUND_API: KnowledgeAdminApiPort = {
  getTree: unbound,
  getArticles: unbound,
  saveNode: unbound,
  moveNode: unbound,
  deleteNode: unbound,
  getArticle: unbound,
  saveArticle: unbound,
  deleteArticle: unbound,
  uploadImage: unbound,
  attachFile: unbound,
  removeAttachment: unbound,
};

/** The staff page's KnowledgeAdmin calls, or a stand-in that fails every call when no module binds them. */
export function useKnowledgeAdminApi(): KnowledgeAdminApiPort {
  return useOptionalPort('KnowledgeAdminApiPort') ?? UNBOUND_API;
}
