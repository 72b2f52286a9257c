import { registryEntryProblem, normalisedEntry, unbindReasonProblem, type RegistryEntryInput, type RegistryProblem } from '../../domain/staff/registry-entry';
import type { MachineRegistryAdminStore, RegistryRow } from '../../ports/machine-registry-admin.port';
import type { MailerPort } from '../../ports/mailer.port';
import type { Clock } from '../../ports/clock.port';
import { done, refuse, type Outcome } from '../outcome';

type EntryRefusal = 'orderNumber' | 'name' | 'series' | 'power' | 'day' | 'tooLong';

const REFUSAL_OF: Record<RegistryProblem, EntryRefusal> = {
  'staff.registry.error.orderNumber': 'orderNumber',
  'staff.registry.error.name': 'name',
  'staff.registry.error.series': 'series',
  'staff.registry.error.power': 'power',
  'staff.registry.error.day': 'day',
  'staff.registry.error.tooLong': 'tooLong',
};

const deliveryOf = (day: string) => (day ? new Date(`${day}T00:00:00Z`) : null);

/**
 * Staff management of the machine registry (issue 19): list, add, edit, and unbind a machine from
 * its customer with a reason. The reason is stored with the unbinding and mailed to the customer;
 * `onUnbound` listeners (the live connections) hear of it so the customer's live data stops at once.
 */
export class MachineRegistryService {
  private readonly unboundListeners: ((ownerId: string, orderNumber: string) => void)[] = [];

  constructor(
    private readonly store: MachineRegistryAdminStore,
    private readonly mailer: MailerPort,
    private readonly clock: Clock,
    private readonly brandName = 'Laser',
  ) {}

  /** Told of every unbinding (app.ts closes the former owner's live connections). */
  onUnbound(listener: (ownerId: string, orderNumber: string) => void): void {
    this.unboundListeners.push(listener);
  }

  async list(search: string, page: { offset: number; limit: number }): Promise<Outcome<RegistryRow[]>> {
    const { rows, total } = await this.store.list(search, page);
    return done(rows, total);
  }

  /** An entry as it is now (the audit log's before and after), null for none. */
  async state(orderNumber: unknown): Promise<RegistryRow | null> {
    return typeof orderNumber === 'string' && orderNumber.trim() ? this.store.find(orderNumber.trim()) : null;
  }

  async add(input: RegistryEntryInput): Promise<Outcome<RegistryRow, EntryRefusal | 'exists'>> {
    const problem = registryEntryProblem(input);
    if (problem) return refuse(REFUSAL_OF[problem]);
    const entry = normalisedEntry(input);
    const added = await this.store.add({ ...entry, deliveryTime: deliveryOf(entry.deliveryDay) }, this.clock.now());
    if (!added) return refuse('exists');
    return done((await this.store.find(entry.orderNumber))!);
  }

  async edit(input: RegistryEntryInput): Promise<Outcome<RegistryRow, EntryRefusal | 'unknown'>> {
    const problem = registryEntryProblem(input);
    if (problem) return refuse(REFUSAL_OF[problem]);
    const entry = normalisedEntry(input);
    const updated = await this.store.update({ ...entry, deliveryTime: deliveryOf(entry.deliveryDay) }, this.clock.now());
    if (!updated) return refuse('unknown');
    return done((await this.store.find(entry.orderNumber))!);
  }

  async unbind(orderNumberInput: string, reasonInput: string, staffId: string): Promise<Outcome<RegistryRow, 'reasonRequired' | 'reasonTooLong' | 'unknown' | 'notBound'>> {
    const problem = unbindReasonProblem(reasonInput);
    if (problem) return refuse(problem === 'staff.registry.error.reasonRequired' ? 'reasonRequired' : 'reasonTooLong');
    const orderNumber = orderNumberInput.trim();
    const reason = reasonInput.trim();
    const result = await this.store.unbind(orderNumber, reason, staffId, this.clock.now());
    if (result.kind === 'unknown') return refuse('unknown');
    if (result.kind === 'not-bound') return refuse('notBound');
    for (const listener of this.unboundListeners) {
      try {
        listener(result.ownerId, orderNumber);
      } catch {
        // A listener's failure does not undo the unbinding (the sweep and the ownership checks still apply).
      }
    }
    // The customer learns why by mail, in both languages (the account does not say which they read).
    if (result.ownerEmail) {
      await this.mailer
        .send({
          to: result.ownerEmail,
          subject: `${this.brandName}: 设备 ${orderNumber} 已解除绑定 / machine ${orderNumber} was unbound`,
          text: [
            `您的账号 ${result.ownerAccount} 与设备 ${orderNumber} 的绑定已由服务团队解除。`,
            `原因：${reason}`,
            '',
            `The machine ${orderNumber} was unbound from your account ${result.ownerAccount} by the service team.`,
            `Reason: ${reason}`,
          ].join('\n'),
        })
        .catch(() => undefined);
    }
    return done((await this.store.find(orderNumber))!);
  }
}
