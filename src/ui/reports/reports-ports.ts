import type { ReportsApiPort } from '../../ports/reports-api.port';
import { useOptionalPort } from '../common/services-context';

declare module '../common/services-context' {
  interface PortMap {
    ReportsApiPort: ReportsApiPort;
  }
}

const unbound = async (): Promise<never> => {
  throw new Error('ReportsApiPort is not bound');
};

/** The not-bound stand-in: every call fails, so the page shows its failed states instead of crashing. */
const UNBOUND_API: ReportsApiPort = {
  getReport: unbound,
  getRunTimes: unbound,
  getTaskStats: unbound,
  getAlarmStats: unbound,
  exportCsv: unbound,
};

/** The task page's Machine calls, or a stand-in that fails every call when no module binds them. */
export function useReportsApi(): ReportsApiPort {
  return useOptionalPort('ReportsApiPort') ?? UNBOUND_API;
}
