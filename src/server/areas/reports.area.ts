import type { Core } from './core';
import { machineReportRoutes } from '../routes/machine-report.routes';
import { ReportService } from '../services/report.service';
import { defineArea } from './server-area';

/** Processing reports from the machines' events. */
export const reportsArea = defineArea({
  name: 'reports',
  services: ({ machines, machineEvents, clock }: Core) => ({ reports: new ReportService(machines, machineEvents, clock) }),
  routes: (services) => machineReportRoutes(services),
});
