import type { Core } from './core';
import { staffRoutes } from '../routes/staff.routes';
import type { MachineRegistryService } from '../services/machine-registry.service';
import type { RepairServices } from './repair.area';
import { defineArea } from './server-area';

/** The staff console's own calls: the audit log, the registry and the work-order queue. */
export const staffArea = defineArea({
  name: 'staff',
  services: (_: Core & RepairServices & { registry: MachineRegistryService }) => ({}),
  routes: (services) => staffRoutes(services),
});
