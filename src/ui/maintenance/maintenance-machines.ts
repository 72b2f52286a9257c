import type { ServiceIdentifier } from 'inversify';
import type { fleetMachine } from '../../domain/devices/fleet.machine';
import type { maintenanceDrawerMachine } from '../../domain/maintenance/maintenance-drawer.machine';
import type { maintenanceStatsMachine } from '../../domain/maintenance/maintenance-load.machine';
import type { maintenancePageMachine } from '../../domain/maintenance/maintenance-page.machine';
import { useService } from '../common/services-context';

/** The maintenance pages' machines, ready to run: app/maintenance.module.ts provides their calls. */
export interface MaintenanceMachines {
  /** The caller's machines, for the picker. */
  fleet: typeof fleetMachine;
  page: typeof maintenancePageMachine;
  drawer: typeof maintenanceDrawerMachine;
  stats: typeof maintenanceStatsMachine;
}

export const MaintenanceMachinesToken: ServiceIdentifier<MaintenanceMachines> = Symbol.for('MaintenanceMachines');

export const useMaintenanceMachines = (): MaintenanceMachines => useService(MaintenanceMachinesToken);
