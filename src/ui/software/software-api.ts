import type { SoftwareApiPort } from '../../ports/software-api.port';
import { useOptionalPort } from '../common/services-context';

const unbound = async (): Promise<never> => {
  throw new Error('SoftwareApiPort is not bound');
};

/** The not-bound stand-in: every call fails, so the pages show their "could not load" state instead of crashing. */
const UNBOUND: SoftwareApiPort = {
  getReleases: unbound,
  insertDownload: unbound,
  allowInsertDownload: unbound,
  saveCamCustomer: unbound,
  getWarrantyRules: unbound,
};

/** The software API, or a stand-in that fails every call when no module binds it. */
export function useSoftwareApi(): SoftwareApiPort {
  return useOptionalPort('SoftwareApiPort') ?? UNBOUND;
}
