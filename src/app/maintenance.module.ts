import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { KyMaintenanceApi } from '../adapters/ky/ky-maintenance-api.adapter';
import { maintenanceDrawerMachine } from '../domain/maintenance/maintenance-drawer.machine';
import { maintenanceStatsMachine } from '../domain/maintenance/maintenance-load.machine';
import { maintenancePageMachine } from '../domain/maintenance/maintenance-page.machine';
import { DevicesApiToken, MaintenanceApiToken } from '../ports/api-tokens';
import { MaintenanceDueToken } from '../ui/common/maintenance-due';
import { MaintenanceMachinesToken, type MaintenanceMachines } from '../ui/maintenance/maintenance-machines';
import { providedDueMachine, providedFleetMachine } from './provided-machines';

/** The maintenance area's bindings (issue 17): the Maintenance calls, the page's machines, and the due badge's machine. */
export const maintenanceModule = new ContainerModule((options) => {
  options.bind(MaintenanceApiToken).to(KyMaintenanceApi).inSingletonScope();
  options
    .bind(MaintenanceMachinesToken)
    .toDynamicValue((context): MaintenanceMachines => {
      const api = context.get(MaintenanceApiToken);
      return {
        fleet: providedFleetMachine(context.get(DevicesApiToken), () => {}),
        page: maintenancePageMachine.provide({
          actors: {
            load: fromPromise(async ({ input, signal }) => {
              const [items, plans] = await Promise.all([
                api.items({ series: input.machine.series, offset: input.offset, size: input.size }, signal),
                api.plans({ machineId: input.machine.id }, signal),
              ]);
              return { items, plans };
            }),
            loadPlans: fromPromise(({ input, signal }) => api.plans({ machineId: input.machine.id }, signal)),
            addPlan: fromPromise(({ input, signal }) => api.addPlan(input, signal)),
            removePlan: fromPromise(({ input, signal }) => api.removePlan(input.planId, signal)),
          },
        }),
        drawer: maintenanceDrawerMachine.provide({
          actors: {
            loadPlan: fromPromise(({ input, signal }) => api.plans({ machineId: null, planId: input.planId }, signal)),
            loadRecords: fromPromise(({ input, signal }) => api.records(input, signal)),
            confirm: fromPromise(({ input, signal }) => api.confirm(input, signal)),
          },
        }),
        stats: maintenanceStatsMachine.provide({ actors: { loadCounts: fromPromise(({ signal }) => api.counts(signal)) } }),
      };
    })
    .inSingletonScope();
  options
    .bind(MaintenanceDueToken)
    .toDynamicValue((context) => providedDueMachine(context.get(MaintenanceApiToken)))
    .inSingletonScope();
});
