import type { BpmMachine } from '../domain/devices/binding.machine';
import type { MyMachine } from '../domain/devices/fleet';
import type { MachineKind } from '../domain/devices/machine-kind';
import type { MachineTable } from '../domain/devices/machine-info.machine';
import type { Envelope } from '../domain/shared/envelope';

/** One series of `Machine/GetDeviceSeries` (ADR 0005). */
export interface DeviceSeries {
  name: string;
  id: number | string;
  kind: MachineKind;
}

/**
 * The six Machine calls of ADR 0005: the caller's fleet, binding (bind, maintenance-platform
 * lookup, save), the series list and one machine's facts. Every call resolves with the envelope
 * whatever its code; it rejects only when no envelope arrived.
 */
export interface DevicesApiPort {
  /** The caller's machines, oldest binding first; `[]` with info `数据查询为空` when there is none. */
  getMyMachines(signal?: AbortSignal): Promise<Envelope<MyMachine[] | string>>;
  /** 200 `绑定成功`; 400 `未查询到数据` for a machine the portal does not know; 409 when it is someone else's. */
  bind(orderNumber: string, signal?: AbortSignal): Promise<Envelope<null>>;
  /** The maintenance platform's record; 400 `未查询到数据` when it has none. */
  getBpmMachine(orderNumber: string, signal?: AbortSignal): Promise<Envelope<BpmMachine | null>>;
  /** Saves the record GetBpmMachine returned (the server reads its registry again and trusts only OrderNumber). */
  saveMachineData(record: BpmMachine, signal?: AbortSignal): Promise<Envelope<null>>;
  getDeviceSeries(signal?: AbortSignal): Promise<Envelope<DeviceSeries[] | string>>;
  /** The caller's machine by order number; 404 `未查询到数据` for an unknown one or someone else's. */
  getMachineTables(orderNumber: string, signal?: AbortSignal): Promise<Envelope<MachineTable[] | string>>;
}
