import { PgCompanyAdmin } from '../../adapters/postgres/pg-company-admin.repository';
import type { Core } from './core';
import { staffCompanyRoutes } from '../routes/staff-company.routes';
import { staffRoutes } from '../routes/staff.routes';
import type { MachineRegistryService } from '../services/machine-registry.service';
import { StaffCompanyService } from '../services/staff-company.service';
import type { RepairServices } from './repair.area';
import { defineArea } from './server-area';

/** The staff console's own calls: the audit log, the registry, the work-order queue and the companies. */
export const staffArea = defineArea({
  name: 'staff',
  services: ({ database, unitOfWork, clock }: Core & RepairServices & { registry: MachineRegistryService }) => ({
    staffCompanies: new StaffCompanyService(new PgCompanyAdmin(database.db), unitOfWork, clock),
  }),
  routes: (services) => [...staffRoutes(services), ...staffCompanyRoutes(services)],
  // The former company's members lose a moved machine's live data at once: their live connections
  // close, and a reconnect is checked against the membership again (issue 37).
  attach: ({ staffCompanies }, { telemetry }) => staffCompanies.onMoved((members) => members.forEach((m) => telemetry.liveSessions.closeUser(m))),
});
