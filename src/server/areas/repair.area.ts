import { SharpThumbnailer } from '../../adapters/images/sharp-thumbnailer.adapter';
import { PgSparePartRepository } from '../../adapters/postgres/pg-spare-part.repository';
import { PgWorkOrderMessageRepository } from '../../adapters/postgres/pg-work-order-message.repository';
import { PgWorkOrderRepository } from '../../adapters/postgres/pg-work-order.repository';
import type { Core } from './core';
import { repairRoutes } from '../routes/repair.routes';
import { workOrderMessageRoutes, workOrderMessageUploadRoutes } from '../routes/work-order-message.routes';
import { RepairService } from '../services/repair.service';
import { WorkOrderMessageService } from '../services/work-order-message.service';
import { defineArea } from './server-area';

/** Work orders, their conversation (ADR 0032) and spare-part stock. */
export const repairArea = defineArea({
  name: 'repair',
  services: ({ database, machines, mailer, clock, unitOfWork, files }: Core) => {
    // The customer-service system's embedded default: work orders in the portal's database (DECISIONS 4).
    const customerService = new PgWorkOrderRepository(database.db);
    const spareParts = new PgSparePartRepository(database.db);
    const workOrderMessages = new WorkOrderMessageService(customerService, new PgWorkOrderMessageRepository(database.db), files, new SharpThumbnailer(), unitOfWork, clock);
    return { customerService, spareParts, repair: new RepairService(customerService, spareParts, machines, mailer, clock, unitOfWork), workOrderMessages };
  },
  routes: (services) => [...repairRoutes(services), ...workOrderMessageRoutes(services), workOrderMessageUploadRoutes(services)],
});
export type RepairServices = ReturnType<typeof repairArea.services>;
