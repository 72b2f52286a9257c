/** What the staff screens show, in domain terms (the adapters read the wire into these). */

/** A machine on the service page with the machine fields of spec 3 (empty where the portal holds none yet). */
export interface ServiceMachine {
  equipmentId: number;
  orderNumber: string;
  name: string;
  seriesName: string;
  kind: 'sheet' | 'tube';
  /** The drawer's fields by their spec names (FModelName, Power, ProducedTime, Owner...). */
  fields: Readonly<Record<string, string>>;
}

/** A registration that waits for manual review. */
export interface PendingRegistration {
  userId: string;
  account: string;
  realName: string;
  email: string;
  mobile: string;
  area: string;
  address: string;
  createdAt: string;
}

/** A row of the audit log. */
export interface AuditRow {
  id: number;
  time: string;
  actor: string;
  action: string;
  kind: 'read' | 'write';
  object: string;
  result: string;
  request: unknown;
  before: unknown;
  after: unknown;
}

export interface AuditFilter {
  actor: string;
  action: string;
  object: string;
  kind: '' | 'read' | 'write';
  /** Days (YYYY-MM-DD), both included; '' for no bound. */
  from?: string;
  to?: string;
}

/** The day after a YYYY-MM-DD day: the audit call's To excludes its bound, the filter's "to" day is included. */
export function dayAfter(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

/** The machine fields of spec 3 the service page's drawer shows, in order. */
export const SERVICE_DRAWER_FIELDS = [
  'OrderNumber', 'EquipmentId', 'Name', 'SeriesName', 'FModelName', 'FVersionName', 'FXVersionName', 'FSeries', 'FModel', 'FVersion', 'FXVersion',
  'Power', 'Voltage', 'FLC', 'SCRating', 'Frequency', 'ProducedTime', 'Warranty', 'Encryption', 'Describe', 'Owner', 'BoundTime', 'BoundByName',
] as const;

/** A lead: a landing-page contact message or a CAM-information form. */
export interface Lead {
  id: string;
  name: string;
  phone: string;
  email: string;
  company: string;
  /** The message (contact) or the version and remark (CAM). */
  message: string;
  createdAt: string;
}

export type LeadKind = 'contact' | 'cam';

/** Downloads of one CAM release: all, by logged-in users, by visitors, by the direct link. */
export interface ReleaseDownloads {
  id: string;
  product: string;
  version: string;
  fileName: string;
  total: number;
  users: number;
  visitors: number;
  direct: number;
}

/** A machine registry entry as the console lists it: the registry's fields and, when bound, its owner. */
export interface RegistryEntry {
  orderNumber: string;
  name: string;
  seriesName: string;
  model: string;
  laserPowerKw: number;
  /** YYYY-MM-DD, '' for none. */
  deliveryDay: string;
  details: Readonly<Record<string, string>>;
  equipmentId: number | null;
  /** The owner's account, '' when unbound. */
  owner: string;
  boundTime: string;
}

/** A work order as staff list it (every customer's). */
export interface StaffWorkOrder {
  eventNum: string;
  orderNumber: string;
  account: string;
  company: string;
  userName: string;
  phone: string;
  email: string;
  content: string;
  createdAt: string;
  /** 0 pending, 1 in progress, 2 done. */
  step: 0 | 1 | 2;
  note: string;
  updatedAt: string;
  /** Raised by someone who scanned the machine's QR label (issue 39): no spare part, the requester's own address. */
  fromLabel?: boolean;
  /** The company member who raised it (issue 37 item 4); '' or absent for a label request. */
  createdByName?: string;
}

/** The work-order tab's filter: a step or all (null), and a search text. */
export interface WorkOrderFilter {
  step: 0 | 1 | 2 | null;
  search: string;
}
