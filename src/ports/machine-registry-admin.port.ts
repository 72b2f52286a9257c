import type { RegistryDetails } from '../domain/staff/registry-entry';
import type { RegistryMachine } from './maintenance-platform.port';

/** A registry entry with its spec 3 details and, when the portal knows the machine, its owner. */
export interface RegistryRow extends RegistryMachine {
  details: RegistryDetails;
  /** The portal's machine id (`equipmentid`), null when no customer has saved the machine yet. */
  equipmentId: number | null;
  ownerId: string | null;
  ownerAccount: string | null;
  boundAt: Date | null;
}

/** An entry as staff save it. */
export interface RegistryWrite extends RegistryMachine {
  details: RegistryDetails;
}

export type UnbindResult = { kind: 'unbound'; ownerId: string; ownerAccount: string; ownerEmail: string | null } | { kind: 'unknown' } | { kind: 'not-bound' };

/**
 * Staff management of the machine registry (issue 19). The embedded maintenance platform is the
 * portal's own table, so staff edit it here; the portal's copy of a saved machine (name, series)
 * follows an edit.
 */
export interface MachineRegistryAdminStore {
  /** Entries by order number, `search` a part of the order number, the name or the owner's account; the page and the total. */
  list(search: string, page: { offset: number; limit: number }): Promise<{ rows: RegistryRow[]; total: number }>;
  find(orderNumber: string): Promise<RegistryRow | null>;
  /** Adds an entry; false when the order number is registered already. */
  add(entry: RegistryWrite, at: Date): Promise<boolean>;
  /** Changes an entry (and the portal's copy of its name and series); false for an unknown one. */
  update(entry: RegistryWrite, at: Date): Promise<boolean>;
  /** Takes the machine from its owner and records why, in one transaction. */
  unbind(orderNumber: string, reason: string, byStaffId: string, at: Date): Promise<UnbindResult>;
  /** The unbindings of a machine, newest first. */
  unbindings(orderNumber: string): Promise<{ formerOwnerAccount: string; reason: string; at: Date }[]>;
}
