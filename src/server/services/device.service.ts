import type { Envelope } from '../../domain/shared/envelope';
import type { MachineRecord, MachineStore } from '../../ports/machine-store.port';
import type { MaintenancePlatformPort } from '../../ports/maintenance-platform.port';
import type { Clock } from './clock';
import { isOrderNumber } from '../../domain/devices/order-number';
import { machineKindOf } from '../../domain/devices/machine-kind';
import { fail, ok } from './service-result';

/** The spec's "no data found": the client's cue to ask the maintenance platform (DECISIONS 4). */
export const NOT_FOUND_INFO = '未查询到数据';
/** The spec's "data query is empty": an empty fleet. */
export const QUERY_EMPTY_INFO = '数据查询为空';

/** `communicationstatus`: 1 = message bus (tube, page deviceInfo), 0 = websocket data service (sheet). */
export const communicationStatusOf = (m: Pick<MachineRecord, 'kind'>) => (m.kind === 'tube' ? 1 : 0);

/** A machine of the my-machines list, with the spec's lower-case field names. */
export function machineView(m: MachineRecord) {
  return {
    equipmentid: m.id,
    name: m.name,
    communicationstatus: communicationStatusOf(m),
    ordernumber: m.orderNumber,
    seriesname: m.seriesName,
    kind: m.kind,
  };
}

/**
 * Machine calls (ADR 0005): the caller's fleet, binding by order number with the
 * maintenance-platform fallback, series, and the equipment lookup of the live pages.
 * A customer only ever sees their own machines, and a bound machine is never taken over.
 */
export class DeviceService {
  constructor(
    private readonly store: MachineStore,
    private readonly platform: MaintenancePlatformPort,
    private readonly clock: Clock,
  ) {}

  async myMachines(userId: string): Promise<Envelope> {
    const list = await this.store.listByOwner(userId);
    return ok(list.map(machineView), list.length ? 'success' : QUERY_EMPTY_INFO, { ReturnCount: list.length });
  }

  async bind(userId: string, orderNumberInput: string): Promise<Envelope> {
    const orderNumber = orderNumberInput.trim();
    if (!orderNumber) return fail(400, 'The order number cannot be empty!');
    if (!isOrderNumber(orderNumber)) return fail(400, NOT_FOUND_INFO);
    switch (await this.store.bind(orderNumber, userId, this.clock.now())) {
      case 'bound':
      case 'already-yours':
        return ok(null, '绑定成功');
      case 'taken':
        // Nothing about whom: the order number alone must not reveal another customer.
        return fail(409, 'This machine is already bound to another account. Please contact service if it is yours.');
      case 'unknown':
        return fail(400, NOT_FOUND_INFO);
    }
  }

  /** `GetBpmMachine`: the registry's record of a delivered machine. */
  async lookup(orderNumberInput: string): Promise<Envelope> {
    const orderNumber = orderNumberInput.trim();
    const found = isOrderNumber(orderNumber) ? await this.platform.lookup(orderNumber) : null;
    if (!found) return fail(400, NOT_FOUND_INFO);
    return ok(
      {
        OrderNumber: found.orderNumber,
        Name: found.name,
        SeriesName: found.seriesName,
        Model: found.model,
        LaserPower: found.laserPowerKw,
        DeliveryTime: found.deliveryTime?.toISOString() ?? null,
      },
      '查询成功',
    );
  }

  /** `SaveMachineData`: the registry is read again; the body only names the order number. */
  async save(orderNumberInput: string): Promise<Envelope> {
    const orderNumber = orderNumberInput.trim();
    const found = isOrderNumber(orderNumber) ? await this.platform.lookup(orderNumber) : null;
    if (!found) return fail(400, NOT_FOUND_INFO);
    await this.store.insertIfMissing({
      orderNumber: found.orderNumber,
      name: found.name,
      seriesName: found.seriesName,
      kind: machineKindOf(found.seriesName),
    });
    return ok(null, '保存成功');
  }

  async series(): Promise<Envelope> {
    const list = await this.store.series();
    return ok(list, 'success', { ReturnCount: list.length });
  }

  /** `GetMachineTables`: the caller's machine; unknown and someone else's answer alike. */
  async machineTables(userId: string, orderNumberInput: string): Promise<Envelope> {
    const orderNumber = orderNumberInput.trim();
    const machine = isOrderNumber(orderNumber) ? await this.store.findByOrderNumber(orderNumber) : null;
    if (!machine || machine.ownerId !== userId) return fail(404, NOT_FOUND_INFO);
    return ok([
      { EquipmentId: machine.id, OrderNumber: machine.orderNumber, Name: machine.name, SeriesName: machine.seriesName, Kind: machine.kind },
    ]);
  }

  ownsMachine(userId: string, orderNumber: string): Promise<boolean> {
    return isOrderNumber(orderNumber) ? this.store.ownsMachine(userId, orderNumber) : Promise.resolve(false);
  }
}
