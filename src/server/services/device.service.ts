import type { MachineRecord, MachineSeriesRecord, MachineStore, StaffMachineRow } from '../../ports/machine-store.port';
import type { MaintenancePlatformPort, RegistryMachine } from '../../ports/maintenance-platform.port';
import type { Clock } from '../../ports/clock.port';
import type { WarrantyRegistryPort } from '../../ports/user-centre-store.port';
import { isOrderNumber } from '../../domain/devices/order-number';
import { machineKindOf } from '../../domain/devices/machine-kind';
import { done, refuse, type Outcome } from '../outcome';
import { ownedMachine } from './owned-machine';

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
    /** The warranty the user centre shows (QualityAssurance/GetList): the service page reads the same. */
    private readonly warranty: Pick<WarrantyRegistryPort, 'warrantyOf'>,
  ) {}

  async myMachines(userId: string): Promise<Outcome<MachineRecord[]>> {
    return done(await this.store.listByOwner(userId));
  }

  /** `MachineBind`: binds the machine to the company (`companyId`), kept with the member who did it (`actorId`). */
  async bind(who: { companyId: string; actorId: string }, orderNumberInput: string): Promise<Outcome<null, 'emptyOrderNumber' | 'unknownMachine' | 'taken'>> {
    const orderNumber = orderNumberInput.trim();
    if (!orderNumber) return refuse('emptyOrderNumber');
    if (!isOrderNumber(orderNumber)) return refuse('unknownMachine');
    switch (await this.store.bind(orderNumber, who.companyId, this.clock.now(), who.actorId)) {
      case 'bound':
      case 'already-yours':
        return done(null);
      case 'taken':
        return refuse('taken');
      case 'unknown':
        return refuse('unknownMachine');
    }
  }

  /**
   * `GetBpmMachine`: the registry's record of a delivered machine, for the binding fallback. Only
   * a machine no one else holds is answered (the caller's, or one not bound yet); someone else's
   * answers exactly as an unknown order number, so the lookup tells nothing about it (issue 35).
   */
  async lookup(userId: string, orderNumberInput: string): Promise<Outcome<RegistryMachine, 'unknownMachine'>> {
    const orderNumber = orderNumberInput.trim();
    if (!isOrderNumber(orderNumber)) return refuse('unknownMachine');
    const [bound, found] = await Promise.all([this.store.findByOrderNumber(orderNumber), this.platform.lookup(orderNumber)]);
    if (bound?.ownerId && bound.ownerId !== userId) return refuse('unknownMachine');
    return found ? done(found) : refuse('unknownMachine');
  }

  /** `SaveMachineData`: the registry is read again; the body only names the order number. */
  async save(orderNumberInput: string): Promise<Outcome<null, 'unknownMachine'>> {
    const found = await this.registryRecord(orderNumberInput);
    if (!found) return refuse('unknownMachine');
    await this.store.insertIfMissing({
      orderNumber: found.orderNumber,
      name: found.name,
      seriesName: found.seriesName,
      kind: machineKindOf(found.seriesName),
    });
    return done(null);
  }

  async series(): Promise<Outcome<MachineSeriesRecord[]>> {
    return done(await this.store.series());
  }

  /**
   * GetMachineTables for staff (the service page): every machine, a page of them and the total.
   * Warranty is the warranty registry's end, the extension's when extended (the day the user
   * centre shows, issue 35 item 8); what staff wrote in the registry entry only where it knows none.
   */
  async allMachines(search: string, page: { offset: number; limit: number }): Promise<Outcome<StaffMachineRow[]>> {
    const { rows, total } = await this.store.listAll(search, page);
    const records = new Map((rows.length ? await this.warranty.warrantyOf(rows.map((m) => m.orderNumber)) : []).map((r) => [r.orderNumber, r]));
    return done(
      rows.map((m) => {
        const record = records.get(m.orderNumber);
        const until = record ? (record.extendedUntil ?? record.guaranteeUntil) : null;
        return until ? { ...m, details: { ...m.details, Warranty: until.toISOString().slice(0, 10) } } : m;
      }),
      total,
    );
  }

  /** `GetMachineTables`: the caller's machine; unknown and someone else's answer alike. */
  async machineTables(userId: string, orderNumberInput: string | undefined): Promise<Outcome<MachineRecord, 'notYours' | 'orderNumberRequired'>> {
    if (!orderNumberInput?.trim()) return refuse('orderNumberRequired');
    const machine = await ownedMachine(this.store, userId, orderNumberInput);
    return machine ? done(machine) : refuse('notYours');
  }

  ownsMachine(userId: string, orderNumber: string): Promise<boolean> {
    return isOrderNumber(orderNumber) ? this.store.ownsMachine(userId, orderNumber) : Promise.resolve(false);
  }

  /** Whether the person may watch the machine live: a member of its company, whichever company they work in now (ADR 0030). */
  seesLive(userId: string, orderNumber: string): Promise<boolean> {
    return isOrderNumber(orderNumber) ? this.store.memberSees(userId, orderNumber) : Promise.resolve(false);
  }

  /** Every machine the person may watch live. */
  liveMachinesOf(userId: string): Promise<string[]> {
    return this.store.visibleTo(userId);
  }

  private registryRecord(orderNumberInput: string): Promise<RegistryMachine | null> {
    const orderNumber = orderNumberInput.trim();
    return isOrderNumber(orderNumber) ? this.platform.lookup(orderNumber) : Promise.resolve(null);
  }
}
