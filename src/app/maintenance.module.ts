import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { KyMaintenanceApi } from '../adapters/ky/ky-maintenance-api.adapter';
import type { SaveAnswer } from '../domain/maintenance/maintenance';
import { maintenanceDrawerMachine } from '../domain/maintenance/maintenance-drawer.machine';
import { maintenanceStatsMachine } from '../domain/maintenance/maintenance-load.machine';
import { maintenancePageMachine } from '../domain/maintenance/maintenance-page.machine';
import type { MaintenanceApiPort } from '../ports/maintenance-api.port';
import { DevicesApiToken, MaintenanceApiToken } from '../ports/tokens';
import { MaintenanceDueToken } from '../ui/common/maintenance-due';
import { MaintenanceMachinesToken, type MaintenanceMachines } from '../ui/maintenance/maintenance-machines';
import { providedDueMachine, providedFleetMachine } from './provided-machines';

/** Adds the items one by one; the first refusal stops and is the answer. */
async function addAll(api: MaintenanceApiPort, machineId: number, itemIds: number[], signal: AbortSignal): Promise<SaveAnswer> {
  let last: SaveAnswer = { kind: 'saved', message: '' };
  for (const itemId of itemIds) {
    last = await api.addPlan({ machineId, itemId }, signal);
    if (last.kind === 'refused') return last;
  }
  return last;
}

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
            addPlans: fromPromise(({ input, signal }) => addAll(api, input.machineId, input.itemIds, signal)),
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
