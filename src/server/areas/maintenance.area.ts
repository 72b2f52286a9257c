import { PgMaintenanceRepository } from '../../adapters/postgres/pg-maintenance.repository';
import type { Core } from './core';
import { maintenanceRoutes } from '../routes/maintenance.routes';
import { MaintenanceReminders, MaintenanceService } from '../services/maintenance.service';
import { defineArea } from './server-area';

/** Maintenance plans, their confirmation and the reminders mailed when an item falls due. */
export const maintenanceArea = defineArea({
  name: 'maintenance',
  services: ({ database, machines, machineEvents, clock, mailer }: Core, config) => {
    const maintenanceStore = new PgMaintenanceRepository(database.db);
    const maintenance = new MaintenanceService(maintenanceStore, machines, machineEvents, clock);
    return {
      maintenanceStore,
      maintenance,
      maintenanceReminders: new MaintenanceReminders(maintenanceStore, maintenance, mailer, clock, config.brand.name),
    };
  },
  routes: (services) => maintenanceRoutes(services),
});
export type MaintenanceServices = ReturnType<typeof maintenanceArea.services>;
