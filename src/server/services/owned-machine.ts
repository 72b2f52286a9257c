import { isOrderNumber } from '../../domain/devices/order-number';
import type { MachineRecord, MachineStore } from '../../ports/machine-store.port';

/**
 * The caller's machine by order number, or null: an unknown number and someone else's machine
 * answer alike, so that no call tells a stranger which order numbers exist.
 */
export async function ownedMachine(store: MachineStore, userId: string, orderNumberInput: string): Promise<MachineRecord | null> {
  const machine = await machineByOrderNumber(store, orderNumberInput);
  return machine && machine.ownerId === userId ? machine : null;
}

/** Any machine by the order number as typed (trimmed; a malformed number is no machine), for staff calls. */
export function machineByOrderNumber(store: MachineStore, orderNumberInput: string): Promise<MachineRecord | null> {
  const orderNumber = orderNumberInput.trim();
  return isOrderNumber(orderNumber) ? store.findByOrderNumber(orderNumber) : Promise.resolve(null);
}
