import type { MyMachine } from '../devices/fleet';
import { machineKindOf } from '../devices/machine-kind';
import type { MachineRef } from './paged-table.machine';

/** The machine a report is about: its order number and kind (tube series M, T, K, Q; sheet otherwise). */
export function machineRefOf(machine: Pick<MyMachine, 'ordernumber' | 'seriesname'>): MachineRef {
  return { orderNumber: machine.ordernumber, kind: machineKindOf(machine.seriesname) };
}

/** The machine the task page shows: the one the address names when it is the caller's, else the first; null for none. */
export function chooseMachine<M extends Pick<MyMachine, 'ordernumber'>>(machines: readonly M[], wanted: string | null | undefined): M | null {
  return machines.find((machine) => machine.ordernumber === wanted) ?? machines[0] ?? null;
}
