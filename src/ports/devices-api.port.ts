import type { BindAnswer, BpmMachine, LookupAnswer, SaveAnswer } from '../domain/devices/binding.machine';
import type { FleetAnswer } from '../domain/devices/fleet';
import type { MachineInfoAnswer } from '../domain/devices/machine-info.machine';

/**
 * The Machine calls the pages make (ADR 0005): the caller's fleet, binding (bind,
 * maintenance-platform lookup, save) and one machine's facts, answered in domain terms. A call
 * rejects only when no answer arrived (the HTTP adapter has shown the network or timeout dialog).
 */
export interface DevicesApiPort {
  /** The caller's machines, oldest binding first; an empty fleet is an empty list. */
  getMyMachines(signal?: AbortSignal): Promise<FleetAnswer>;
  bind(orderNumber: string, signal?: AbortSignal): Promise<BindAnswer>;
  /** The maintenance platform's record of a machine the portal does not know yet. */
  getBpmMachine(orderNumber: string, signal?: AbortSignal): Promise<LookupAnswer>;
  /** Saves the record GetBpmMachine returned (the server reads its registry again and trusts only OrderNumber). */
  saveMachineData(record: BpmMachine, signal?: AbortSignal): Promise<SaveAnswer>;
  /** The caller's machine by order number; someone else's and an unknown one are alike "not yours". */
  getMachineTables(orderNumber: string, signal?: AbortSignal): Promise<MachineInfoAnswer>;
}
