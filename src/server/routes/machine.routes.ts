import * as Machine from '../../contract/machine';
import type { DataOf } from '../../contract/call';
import type { MachineRecord, StaffMachineRow } from '../../ports/machine-store.port';
import type { RegistryMachine } from '../../ports/maintenance-platform.port';
import { defineRoute, pageOf, type ApiRoute } from '../route-kit';
import type { DeviceService } from '../services/device.service';
import { mapData } from '../outcome';

// Guessing order numbers is the way to find machines: keep it slow.
const GUESSING_LIMIT = { max: 30, timeWindow: 60_000 };

/** `communicationstatus`: 1 = message bus (tube, page deviceInfo), 0 = websocket data service (sheet). */
export const communicationStatusOf = (m: Pick<MachineRecord, 'kind'>) => (m.kind === 'tube' ? 1 : 0);

type MyMachineWire = DataOf<typeof Machine.GetMyMachine>[number];

/** A machine of the my-machines list, with the spec's lower-case field names. */
const myMachineOf = (m: MachineRecord): MyMachineWire => ({
  equipmentid: m.id,
  name: m.name,
  communicationstatus: communicationStatusOf(m),
  ordernumber: m.orderNumber,
  seriesname: m.seriesName,
  kind: m.kind,
  BoundByName: m.boundByName,
});

const bpmMachineOf = (m: RegistryMachine): DataOf<typeof Machine.GetBpmMachine> => ({
  OrderNumber: m.orderNumber,
  Name: m.name,
  SeriesName: m.seriesName,
  Model: m.model,
  LaserPower: m.laserPowerKw,
  DeliveryTime: m.deliveryTime?.toISOString() ?? null,
});

const machineTableOf = (m: MachineRecord): DataOf<typeof Machine.GetMachineTables> => [
  { EquipmentId: m.id, OrderNumber: m.orderNumber, Name: m.name, SeriesName: m.seriesName, Kind: m.kind, BoundByName: m.boundByName },
];

const day = (at: Date | null) => (at ? at.toISOString().slice(0, 10) : '');

/** A machine on the service page: the fields of spec 3 from the portal and the registry ('' where staff filled none; ADR 0017). */
const serviceMachineOf = (m: StaffMachineRow): DataOf<typeof Machine.GetMachineTables>[number] => ({
  EquipmentId: m.id,
  OrderNumber: m.orderNumber,
  Name: m.name,
  SeriesName: m.seriesName,
  Kind: m.kind,
  FModelName: m.model,
  FVersionName: m.details.FVersionName,
  FXVersionName: m.details.FXVersionName,
  FSeries: m.seriesName,
  FModel: m.model,
  FVersion: m.details.FVersion,
  FXVersion: m.details.FXVersion,
  Power: m.laserPowerKw ? `${m.laserPowerKw} kW` : '',
  Voltage: m.details.Voltage,
  FLC: m.details.FLC,
  SCRating: m.details.SCRating,
  Frequency: m.details.Frequency,
  ProducedTime: day(m.deliveryTime),
  Warranty: m.details.Warranty,
  Encryption: m.details.Encryption,
  Describe: m.details.Describe,
  Owner: m.ownerAccount ?? '',
  BoundTime: day(m.boundAt),
  BoundByName: m.boundByName,
});

/** api/Machine/*: the fleet, binding and the equipment lookup of the live pages (ADR 0005). */
export function machineRoutes(deps: { devices: DeviceService }): ApiRoute[] {
  const { devices } = deps;
  return [
    defineRoute({
      call: Machine.GetMyMachine,
      access: 'customer', needs: 'read',
      handle: async ({ caller }) => mapData(await devices.myMachines(caller!.companyId), (list): MyMachineWire[] => list.map(myMachineOf)),
    }),
    defineRoute({
      call: Machine.MachineBind,
      access: 'customer', needs: 'ownership',
      rateLimit: GUESSING_LIMIT,
      handle: ({ body, caller }) => devices.bind({ companyId: caller!.companyId, actorId: caller!.userId }, body.OrderNumber),
    }),
    defineRoute({
      call: Machine.GetBpmMachine,
      access: 'customer', needs: 'ownership',
      rateLimit: GUESSING_LIMIT,
      // Someone else's machine answers as an unknown one (DeviceService.lookup).
      handle: async ({ body, caller }) => mapData(await devices.lookup(caller!.companyId, body.OrderNumber), bpmMachineOf),
    }),
    defineRoute({
      call: Machine.SaveMachineData,
      access: 'customer', needs: 'ownership',
      rateLimit: GUESSING_LIMIT,
      handle: ({ body }) => devices.save(body.OrderNumber),
    }),
    defineRoute({
      call: Machine.GetDeviceSeries,
      access: 'customer', needs: 'read',
      handle: () => devices.series(),
    }),
    defineRoute({
      call: Machine.GetMachineTables,
      access: 'customer', needs: 'read',
      // Staff read every machine here (the service page): their calls are audited.
      audit: 'read',
      handle: async ({ body, caller }) =>
        caller!.isStaff
          ? mapData(await devices.allMachines(body.OrderNumber ?? '', pageOf({ PrevPageNums: body.PrevPageNums, TopNums: body.TopNums ?? 10 })), (rows) => rows.map(serviceMachineOf))
          : mapData(await devices.machineTables(caller!.companyId, body.OrderNumber), machineTableOf),
    }),
  ];
}
