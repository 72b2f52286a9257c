import type { ServiceIdentifier } from 'inversify';
import type { workOrderFormMachine } from '../../domain/repair/work-order-form.machine';
import { useService } from '../common/services-context';

/** The repair pages' ready machines: app/repair.module.ts provides their calls. */
export interface RepairMachines {
  workOrderForm: typeof workOrderFormMachine;
}

export const RepairMachinesToken: ServiceIdentifier<RepairMachines> = Symbol.for('RepairMachines');

export const useRepairMachines = (): RepairMachines => useService(RepairMachinesToken);
