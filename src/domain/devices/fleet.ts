import type { Refused } from '../shared/refused';
import { machineKindOf, type MachineKind } from './machine-kind';

/** One machine of `Machine/GetMyMachine` (spec 2 section 3, ADR 0005). */
export interface MyMachine {
  equipmentid: number | string;
  name: string;
  /** 1: the message bus (page deviceInfo); anything else: the websocket data service (deviceInfoWs). */
  communicationstatus: number | string;
  ordernumber: string;
  seriesname: string;
}

/** The chips of the fleet page. */
export type FleetFilter = 'all' | MachineKind;

export const FLEET_FILTERS: readonly FleetFilter[] = ['all', 'sheet', 'tube'];

/** The detail page a machine opens. */
export interface LiveRoute {
  page: 'deviceInfo' | 'deviceInfoWs';
  orderNumber: string;
  type: MachineKind;
}

/** The caller's machines (an empty fleet is a list too), or the server's refusal ('' when the login-expired dialog tells). */
export type FleetAnswer = { kind: 'list'; machines: MyMachine[] } | Refused;

export function isFleetFilter(value: unknown): value is FleetFilter {
  return value === 'all' || value === 'sheet' || value === 'tube';
}

/** The stored chip (local storage `series`), or all. */
export function readFleetFilter(stored: string | null | undefined): FleetFilter {
  return isFleetFilter(stored) ? stored : 'all';
}

/** True when a machine speaks the message bus (`communicationstatus` 1, as a number or a string). */
export function usesMessageBus(machine: Pick<MyMachine, 'communicationstatus'>): boolean {
  return Number(machine.communicationstatus) === 1;
}

/** The machines a chip shows, in the server's order (oldest binding first). */
export function filterFleet<M extends Pick<MyMachine, 'seriesname'>>(machines: readonly M[], filter: FleetFilter): M[] {
  return filter === 'all' ? [...machines] : machines.filter((machine) => machineKindOf(machine.seriesname) === filter);
}

/** How many machines each chip shows. */
export function fleetCounts(machines: readonly Pick<MyMachine, 'seriesname'>[]): Record<FleetFilter, number> {
  const tube = machines.filter((machine) => machineKindOf(machine.seriesname) === 'tube').length;
  return { all: machines.length, tube, sheet: machines.length - tube };
}

/** Where a click on a tile goes: deviceInfo for the message bus, deviceInfoWs otherwise; type is the kind of the series. */
export function liveRouteOf(machine: Pick<MyMachine, 'communicationstatus' | 'ordernumber' | 'seriesname'>): LiveRoute {
  return {
    page: usesMessageBus(machine) ? 'deviceInfo' : 'deviceInfoWs',
    orderNumber: machine.ordernumber,
    type: machineKindOf(machine.seriesname),
  };
}

function isMachine(value: unknown): value is MyMachine {
  const item = value as Partial<MyMachine> | null;
  return !!item && typeof item === 'object' && typeof item.ordernumber === 'string' && item.ordernumber !== '';
}

/** A machine record with its text fields made safe to render (the server may leave a name empty). */
function tidy(machine: MyMachine): MyMachine {
  return {
    equipmentid: machine.equipmentid,
    name: typeof machine.name === 'string' ? machine.name : '',
    communicationstatus: machine.communicationstatus,
    ordernumber: machine.ordernumber,
    seriesname: typeof machine.seriesname === 'string' ? machine.seriesname : '',
  };
}

/** The fleet the page shows: records without an order number dropped, text fields made safe. */
export function fleetOf(records: readonly unknown[]): MyMachine[] {
  return records.filter(isMachine).map(tidy);
}
