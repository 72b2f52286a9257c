import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { KyRepairApi } from '../adapters/ky/ky-repair-api.adapter';
import { workOrderFormMachine } from '../domain/repair/work-order-form.machine';
import { KeyValueStorageToken, RepairApiToken } from '../ports/tokens';
import { RepairMachinesToken, type RepairMachines } from '../ui/repair/repair-machines';

/** The repair pages' bindings: the repair calls and the work-order form machine provided with them. */
export const repairModule = new ContainerModule((options) => {
  options.bind(RepairApiToken).to(KyRepairApi).inSingletonScope();
  options
    .bind(RepairMachinesToken)
    .toDynamicValue((context): RepairMachines => {
      const api = context.get(RepairApiToken);
      const storage = context.get(KeyValueStorageToken);
      const lang = () => (storage.get('lang') === 'zh' ? 'zh' : 'en');
      return {
        workOrderForm: workOrderFormMachine.provide({
          actors: {
            submitOrder: fromPromise(({ input, signal }) => api.submit(input, lang(), signal)),
            saveThreshold: fromPromise(({ input, signal }) => api.saveThreshold(input.partId, input.threshold, signal)),
          },
        }),
      };
    })
    .inSingletonScope();
});
