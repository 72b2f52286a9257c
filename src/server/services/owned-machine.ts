import { isOrderNumber } from '../../domain/devices/order-number';
import type { MachineRecord, MachineStore } from '../../ports/machine-store.port';

/**
 * The caller's machine by order number, or null: an unknown number and someone else's machine
 * answer alike, so that no call tells a stranger which order numbers exist.
 */
export async function ownedMachine(store: MachineStore, userId: string, orderNumberInput: string): Promise<MachineRecord | null> {
  const orderNumber = orderNumberInput.trim();
  const machine = isOrderNumber(orderNumber) ? await store.findByOrderNumber(orderNumber) : null;
  return machine && machine.ownerId === userId ? machine : null;
}
