import type { SnapshotFrom } from 'xstate';
import type { MyMachine } from '../../domain/devices/fleet';
import type { fleetMachine } from '../../domain/devices/fleet.machine';
import { machineKindOf, type MachineKind } from '../../domain/devices/machine-kind';
import { chooseMachine, machineRefOf } from '../../domain/reports/machine-choice';
import type { MachineRef } from '../../domain/reports/paged-table.machine';

/** The caller's machines as the picker needs them. */
export interface TaskFleet {
  status: 'loading' | 'failed' | 'ready';
  error: string;
  machines: MyMachine[];
}

/** One entry of the machine picker. */
export interface MachineOption {
  orderNumber: string;
  name: string;
  series: string;
  kind: MachineKind;
}

/** What the task page shows around its three sections. */
export interface TaskPageViewModel {
  /** empty: the caller has no machine. */
  status: 'loading' | 'failed' | 'empty' | 'ready';
  error: string;
  options: MachineOption[];
  selected: (MachineOption & { ref: MachineRef }) | null;
}

/** The fleet machine's snapshot, reduced to what the task page reads. */
export function selectTaskFleet(snapshot: SnapshotFrom<typeof fleetMachine>): TaskFleet {
  const { machines, error, loaded } = snapshot.context;
  return { status: loaded ? 'ready' : snapshot.hasTag('busy') ? 'loading' : 'failed', error, machines };
}

const optionOf = (machine: MyMachine): MachineOption => ({
  orderNumber: machine.ordernumber,
  name: machine.name,
  series: machine.seriesname,
  kind: machineKindOf(machine.seriesname),
});

/** The page's view model: the picker's options and the machine shown (`wanted` from the address when it is one of them). */
export function selectTaskPage(fleet: TaskFleet, wanted: string | null): TaskPageViewModel {
  const chosen = fleet.status === 'ready' ? chooseMachine(fleet.machines, wanted) : null;
  return {
    status: fleet.status === 'ready' && fleet.machines.length === 0 ? 'empty' : fleet.status,
    error: fleet.error,
    options: fleet.machines.map(optionOf),
    selected: chosen ? { ...optionOf(chosen), ref: machineRefOf(chosen) } : null,
  };
}
