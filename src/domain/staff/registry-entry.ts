import { isOrderNumber } from '../devices/order-number';

/**
 * The machine registry (the maintenance platform's data, DECISIONS 4) as staff edit it in the
 * console: the fields the portal always held (name, series, model, laser power, delivery day) and
 * the other machine fields of spec 3, which the registry holds since issue 19 (ADR 0017) so the
 * service page's drawer no longer answers them empty. One rule, used by the console's form and by
 * the server.
 */

/** The spec 3 machine fields kept as text in the registry's details (the drawer's names). */
export const REGISTRY_DETAIL_FIELDS = [
  'FVersionName', 'FXVersionName', 'FVersion', 'FXVersion', 'Voltage', 'FLC', 'SCRating', 'Frequency', 'Warranty', 'Encryption', 'Describe',
] as const;
export type RegistryDetailField = (typeof REGISTRY_DETAIL_FIELDS)[number];
export type RegistryDetails = Record<RegistryDetailField, string>;

export const emptyDetails = (): RegistryDetails => Object.fromEntries(REGISTRY_DETAIL_FIELDS.map((f) => [f, ''])) as RegistryDetails;

/** Longest text of a detail (Describe is a paragraph, the rest are short values). */
export const detailMaxLength = (field: RegistryDetailField) => (field === 'Describe' ? 2000 : 100);
export const NAME_MAX_LENGTH = 100;
export const MAX_LASER_POWER_KW = 200;
export const UNBIND_REASON_MIN = 2;
export const UNBIND_REASON_MAX = 500;

/** A registry entry as staff type it: the delivery day as YYYY-MM-DD ('' for none), the power in whole kW. */
export interface RegistryEntryInput {
  orderNumber: string;
  name: string;
  seriesName: string;
  model: string;
  laserPowerKw: number;
  deliveryDay: string;
  details: RegistryDetails;
}

/** What is wrong with an entry, first problem first; each is a message key of the staff area. */
export type RegistryProblem =
  | 'staff.registry.error.orderNumber'
  | 'staff.registry.error.name'
  | 'staff.registry.error.series'
  | 'staff.registry.error.power'
  | 'staff.registry.error.day'
  | 'staff.registry.error.tooLong';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD day that exists in the calendar. */
export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

export function registryEntryProblem(entry: RegistryEntryInput): RegistryProblem | null {
  if (!isOrderNumber(entry.orderNumber.trim())) return 'staff.registry.error.orderNumber';
  if (!entry.name.trim()) return 'staff.registry.error.name';
  if (!entry.seriesName.trim()) return 'staff.registry.error.series';
  if (!Number.isInteger(entry.laserPowerKw) || entry.laserPowerKw < 0 || entry.laserPowerKw > MAX_LASER_POWER_KW) return 'staff.registry.error.power';
  if (entry.deliveryDay.trim() && !isDay(entry.deliveryDay.trim())) return 'staff.registry.error.day';
  if ([entry.name, entry.seriesName, entry.model].some((v) => v.trim().length > NAME_MAX_LENGTH)) return 'staff.registry.error.tooLong';
  if (REGISTRY_DETAIL_FIELDS.some((f) => (entry.details[f] ?? '').trim().length > detailMaxLength(f))) return 'staff.registry.error.tooLong';
  return null;
}

/** The entry as it is stored: every text trimmed. */
export function normalisedEntry(entry: RegistryEntryInput): RegistryEntryInput {
  return {
    orderNumber: entry.orderNumber.trim(),
    name: entry.name.trim(),
    seriesName: entry.seriesName.trim(),
    model: entry.model.trim(),
    laserPowerKw: entry.laserPowerKw,
    deliveryDay: entry.deliveryDay.trim(),
    details: Object.fromEntries(REGISTRY_DETAIL_FIELDS.map((f) => [f, (entry.details[f] ?? '').trim()])) as RegistryDetails,
  };
}

/** An unbinding's reason: required (staff say why a customer lost a machine), at most UNBIND_REASON_MAX characters. */
export type UnbindReasonProblem = 'staff.registry.error.reasonRequired' | 'staff.registry.error.reasonTooLong';

export function unbindReasonProblem(reason: string): UnbindReasonProblem | null {
  const text = reason.trim();
  if (text.length < UNBIND_REASON_MIN) return 'staff.registry.error.reasonRequired';
  if (text.length > UNBIND_REASON_MAX) return 'staff.registry.error.reasonTooLong';
  return null;
}

/** The registry dialog's draft: the entry, and the reason when unbinding. */
export interface RegistryDraft extends RegistryEntryInput {
  reason: string;
}
export type RegistryDialogMode = 'add' | 'edit' | 'unbind' | 'withdrawLabels';

export const emptyRegistryDraft = (): RegistryDraft => ({ orderNumber: '', name: '', seriesName: '', model: '', laserPowerKw: 0, deliveryDay: '', details: emptyDetails(), reason: '' });

/** The rule of each mode of the registry dialog: the entry's for add and edit, the reason's for unbind. */
export const registryDialogProblem = (mode: RegistryDialogMode, draft: RegistryDraft): string | null =>
  mode === 'unbind' ? unbindReasonProblem(draft.reason) : mode === 'withdrawLabels' ? null : registryEntryProblem(draft);

/** A work-order move: the order, the step it goes to, the note the customer reads in the mail. */
export interface MoveDraft {
  eventNum: string;
  to: 1 | 2;
  note: string;
}
export const NOTE_MAX_LENGTH = 2000;
export const moveProblem = (_mode: 'move', draft: MoveDraft): string | null => (draft.note.trim().length > NOTE_MAX_LENGTH ? 'staff.workOrders.error.noteTooLong' : null);
