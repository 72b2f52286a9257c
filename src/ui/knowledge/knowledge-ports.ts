import type { KnowledgeApiPort } from '../../ports/knowledge-api.port';
import { useOptionalPort } from '../common/services-context';

declare module '../common/services-context' {
  interface PortMap {
    KnowledgeApiPort: KnowledgeApiPort;
  }
}

const unbound = async (): Promise<never> => {
  throw new Error('KnowledgeApiPort is not bound');
};

/** The not-bound stand-in: every call fails, so the pages show their failed states instead of crashing. */
const UNBOUND_API: KnowledgeApiPort = {
  getTree: unbound,
  getContents: unbound,
  recordView: unbound,
  getViews: unbound,
  search: unbound,
};

/** The libraries' reading calls, or a stand-in that fails every call when no module binds them. */
export function useKnowledgeApi(): KnowledgeApiPort {
  return useOptionalPort('KnowledgeApiPort') ?? UNBOUND_API;
}
