import { PgSparePartRepository } from '../../adapters/postgres/pg-spare-part.repository';
import { PgWorkOrderRepository } from '../../adapters/postgres/pg-work-order.repository';
import type { Core } from './core';
import { repairRoutes } from '../routes/repair.routes';
import { RepairService } from '../services/repair.service';
import { defineArea } from './server-area';

/** Work orders and spare-part stock. */
export const repairArea = defineArea({
  name: 'repair',
  services: ({ database, machines, mailer, clock, unitOfWork }: Core) => {
    // The customer-service system's embedded default: work orders in the portal's database (DECISIONS 4).
    const customerService = new PgWorkOrderRepository(database.db);
    const spareParts = new PgSparePartRepository(database.db);
    return { customerService, spareParts, repair: new RepairService(customerService, spareParts, machines, mailer, clock, unitOfWork) };
  },
  routes: (services) => repairRoutes(services),
});
export type RepairServices = ReturnType<typeof repairArea.services>;
