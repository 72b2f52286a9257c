import type { RandomFilesApiPort } from '../../ports/random-files-api.port';
import { useOptionalPort } from '../common/services-context';

declare module '../common/services-context' {
  interface PortMap {
    RandomFilesApiPort: RandomFilesApiPort;
  }
}

const unbound = async (): Promise<never> => {
  throw new Error('RandomFilesApiPort is not bound');
};

/** The not-bound stand-in: every call fails, so the page shows its failed states instead of crashing. */
const UNBOUND_API: RandomFilesApiPort = { getFiles: unbound, download: unbound };

/** The random-file calls, or a stand-in that fails every call when no module binds them. */
export function useRandomFilesApi(): RandomFilesApiPort {
  return useOptionalPort('RandomFilesApiPort') ?? UNBOUND_API;
}
