import { PgMachineRegistry } from '../../adapters/postgres/pg-machine-registry.adapter';
import { PgMachineRegistryAdmin } from '../../adapters/postgres/pg-machine-registry-admin.repository';
import type { Core } from './core';
import { machineLabelRoutes } from '../routes/machine-label.routes';
import { machineRoutes } from '../routes/machine.routes';
import { DeviceService } from '../services/device.service';
import { LabelRepairRequestService } from '../services/label-repair-request.service';
import { MachineLabelService } from '../services/machine-label.service';
import { MachineRegistryService } from '../services/machine-registry.service';
import { labelKeyOf } from '../telemetry/device-key';
import type { AlarmServices } from './alarms.area';
import type { RepairServices } from './repair.area';
import { defineArea } from './server-area';

/** The fleet: binding machines, the factory registry staff keep, QR labels and the requests raised from them. */
export const devicesArea = defineArea({
  name: 'devices',
  services: ({ database, machines, clock, warrantyRegistry, deviceKey, codes, unitOfWork, mailer, customerService, alarmNotifier }: Core & RepairServices & AlarmServices, config) => {
    // The maintenance platform's embedded default: the factory registry table (DECISIONS 4).
    const maintenancePlatform = new PgMachineRegistry(database.db);
    // The labels' key derives from the device key, so every portal of a site signs alike.
    const machineLabels = new MachineLabelService(machines, labelKeyOf(deviceKey));
    return {
      maintenancePlatform,
      devices: new DeviceService(machines, maintenancePlatform, clock, warrantyRegistry),
      machineLabels,
      labelRequests: new LabelRepairRequestService(machineLabels, codes, customerService, unitOfWork, clock, alarmNotifier),
      // Staff manage the embedded maintenance platform's registry (issue 19); unbinding mails the customer.
      registry: new MachineRegistryService(new PgMachineRegistryAdmin(database.db), mailer, clock, config.brand.name),
    };
  },
  routes: (services) => [...machineRoutes(services), ...machineLabelRoutes(services)],
  // A customer whose machine staff unbind loses its live data at once: their live connections close,
  // and a reconnect is checked against the owners again (issue 19).
  attach: ({ registry }, { telemetry }) => registry.onUnbound((ownerId) => telemetry.liveSessions.closeUser(ownerId)),
});
