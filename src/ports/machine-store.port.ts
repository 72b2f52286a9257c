import type { MachineKind } from '../domain/devices/machine-kind';

import type { RegistryDetails } from '../domain/staff/registry-entry';

export type { MachineKind };

/** A machine the portal knows. */
export interface MachineRecord {
  /** The spec's `equipmentid`. */
  id: number;
  orderNumber: string;
  name: string;
  seriesName: string;
  kind: MachineKind;
  ownerId: string | null;
  boundAt: Date | null;
  /** The member who bound it to the company, and their name (issue 37 item 4); null and '' when unbound or unknown. */
  boundBy: string | null;
  boundByName: string;
  /** The QR labels' revision: labels printed with an older one are withdrawn (issue 39). */
  labelRevision: number;
}

export interface MachineSeriesRecord {
  id: number;
  name: string;
  kind: MachineKind;
}

/** A machine as staff see it on the service page: the portal's record, the registry's and the owner's account. */
export interface StaffMachineRow extends MachineRecord {
  ownerAccount: string | null;
  model: string;
  laserPowerKw: number | null;
  deliveryTime: Date | null;
  /** The registry's other spec 3 fields (ADR 0017); '' where staff have not filled them. */
  details: RegistryDetails;
}

/** What binding answers: the machine is now the caller's, was already theirs, belongs to someone else, or is unknown. */
export type BindOutcome = 'bound' | 'already-yours' | 'taken' | 'unknown';

/** The portal's machines and series (issue 4). */
export interface MachineStore {
  /** The caller's machines, oldest binding first. */
  listByOwner(ownerId: string): Promise<MachineRecord[]>;
  findByOrderNumber(orderNumber: string): Promise<MachineRecord | null>;
  /** By the spec's `equipmentid`; null for an id that is none. */
  findById(id: number): Promise<MachineRecord | null>;
  /** Whether the company (`ownerId`, ADR 0030) owns the machine. */
  ownsMachine(ownerId: string, orderNumber: string): Promise<boolean>;
  /** Whether a person may watch the machine live: they are a member, of any role, of the company that owns it (the broker's and the data service's check). */
  memberSees(userId: string, orderNumber: string): Promise<boolean>;
  /** The machines of every company the person is a member of, by order number. */
  visibleTo(userId: string): Promise<string[]>;
  /** Adds a machine (unbound) unless one with that order number exists; answers the stored one. */
  insertIfMissing(machine: { orderNumber: string; name: string; seriesName: string; kind: MachineKind }): Promise<MachineRecord>;
  /** Withdraws every label printed so far (the revision goes up by one); the new revision, or null for no such machine. */
  withdrawLabels(id: number): Promise<number | null>;
  /** Binds atomically: a machine bound to someone else is never taken over; `boundBy` is the member who did it (the company's founder when left out). */
  bind(orderNumber: string, ownerId: string, at: Date, boundBy?: string): Promise<BindOutcome>;
  /** Staff: every machine, by order number, a part of the order number or of the name matching `search`; the page and the total. */
  listAll(search: string, page: { offset: number; limit: number }): Promise<{ rows: StaffMachineRow[]; total: number }>;
  series(): Promise<MachineSeriesRecord[]>;
  putSeries(series: { name: string; kind: MachineKind; sort: number }): Promise<void>;
}
