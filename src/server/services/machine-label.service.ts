import { createHmac, timingSafeEqual } from 'node:crypto';
import { isOrderNumber } from '../../domain/devices/order-number';
import type { MachineRecord, MachineStore } from '../../ports/machine-store.port';
import { done, refuse, type Outcome } from '../outcome';

/** A machine's QR label as the owner prints it. */
export interface MachineLabel {
  orderNumber: string;
  name: string;
  /** The portal path the QR code holds: `/m/<machine id>.<signature>`. */
  path: string;
}

/** Where a label's path starts; the scan page answers it. */
export const LABEL_PATH_PREFIX = '/m/';

// 128 bits of HMAC-SHA256 in base64url: enough that no one prints a label for a machine they
// never saw, short enough that the code stays a small QR (version 3 at level M) on a 30 mm label.
const SIGNATURE_CHARS = 22;

/**
 * QR labels (issue 39, item 3): the code names a machine by its equipment id, signed with a key
 * only the server holds, so that a label cannot be made for another machine by changing a
 * number, and it holds no order number. Revoking a label (the next call of this service) will
 * sign a label revision of the machine's, so that old prints stop answering.
 */
export class MachineLabelService {
  constructor(
    private readonly machines: MachineStore,
    private readonly labelKey: string,
  ) {}

  /** `GetMachineLabel`: the caller's machine's label; unknown and someone else's answer alike. */
  async label(userId: string, orderNumberInput: string): Promise<Outcome<MachineLabel, 'notYours'>> {
    const orderNumber = orderNumberInput.trim();
    const machine = isOrderNumber(orderNumber) ? await this.machines.findByOrderNumber(orderNumber) : null;
    if (!machine || machine.ownerId !== userId) return refuse('notYours');
    return done({ orderNumber: machine.orderNumber, name: machine.name, path: `${LABEL_PATH_PREFIX}${this.labelOf(machine)}` });
  }

  /** The equipment id a label names, or null when its signature is not ours. */
  machineIdOf(label: string): number | null {
    const [id, signature, ...rest] = label.split('.');
    if (rest.length || !id || !/^[0-9a-z]{1,12}$/.test(id) || !signature) return null;
    const expected = Buffer.from(this.signature(id));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? parseInt(id, 36) : null;
  }

  private labelOf(machine: MachineRecord): string {
    const id = machine.id.toString(36);
    return `${id}.${this.signature(id)}`;
  }

  private signature(id: string): string {
    return createHmac('sha256', this.labelKey).update(`machine-label:${id}`).digest('base64url').slice(0, SIGNATURE_CHARS);
  }
}
