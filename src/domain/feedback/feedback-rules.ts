import { fileNameProblem, isDeceptiveName } from '../files/file-name.policy';
import { isEmail, normalisePhone } from '../shared/contact-patterns';

/**
 * The feedback forms' rules (spec 3 sections 3 and 5, DECISIONS 2): shown by the browser and
 * enforced by the server with these same functions.
 */

/** The products of spec 3 section 3: 0 Nest, 1 Nest Tube, 2 Hub, 3 MES, 4 Thinker 5.0, 5 Thinker Tube 5.0. */
export const FEEDBACK_PRODUCTS = [
  { id: 0, name: 'Nest' },
  { id: 1, name: 'Nest Tube' },
  { id: 2, name: 'Hub' },
  { id: 3, name: 'MES' },
  { id: 4, name: 'Thinker 5.0' },
  { id: 5, name: 'Thinker Tube 5.0' },
] as const;

export type FeedbackProduct = (typeof FEEDBACK_PRODUCTS)[number]['id'];
export const isFeedbackProduct = (value: unknown): value is FeedbackProduct => typeof value === 'number' && FEEDBACK_PRODUCTS.some((p) => p.id === value);

/** The two upload slots: the main file (BntFile) and the other file (OtherFile). */
export type FileSlot = 'main' | 'other';

/** Largest file of a slot: 50 MB. */
export const FEEDBACK_FILE_MAX_BYTES = 50 * 1024 * 1024;

/** The extensions of a slot for a product: bnt + igs/iges/stp/step for Nest Tube, bnn/bnd + dxf/dwg otherwise. */
export function allowedExtensions(product: FeedbackProduct, slot: FileSlot): readonly string[] {
  if (product === 1) return slot === 'main' ? ['bnt'] : ['igs', 'iges', 'stp', 'step'];
  return slot === 'main' ? ['bnn', 'bnd'] : ['dxf', 'dwg'];
}

/** Every extension a slot takes for some product: what an upload is checked against before the product is known. */
export function slotExtensions(slot: FileSlot): readonly string[] {
  return slot === 'main' ? ['bnt', 'bnn', 'bnd'] : ['igs', 'iges', 'stp', 'step', 'dxf', 'dwg'];
}

/** The extension of a file name, lower-cased ('' when none). */
export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export type FileProblem = 'badName' | 'unsupported';

/** Why a file name is refused for a slot (of a product, when known), or null. Any case of the extension. */
export function feedbackFileProblem(name: string, slot: FileSlot, product?: FeedbackProduct): FileProblem | null {
  if (fileNameProblem(name) || isDeceptiveName(name)) return 'badName';
  const allowed = product === undefined ? slotExtensions(slot) : allowedExtensions(product, slot);
  return allowed.includes(extensionOf(name)) ? null : 'unsupported';
}

/**
 * Whether the first bytes of a file fit its extension, for the formats that have a signature:
 * STEP files start with `ISO-10303-21;`, DWG with `AC10`; the others (bnt, bnn, bnd, IGES, DXF)
 * have none, but must not be a file of a known binary type (`detected`, from file-type).
 */
export function contentMatches(ext: string, head: Uint8Array, detected: { ext: string } | undefined): boolean {
  const start = new TextDecoder('latin1').decode(head.subarray(0, 64)).replace(/^\ufeff/, '').trimStart();
  if (ext === 'stp' || ext === 'step') return start.startsWith('ISO-10303-21');
  if (ext === 'dwg') return /^AC10\d\d/.test(start) || detected?.ext === 'dwg';
  return detected === undefined;
}

/**
 * Spec 3 section 5's CAM form contact in the form it is kept and sent: an e-mail (trimmed) or a
 * phone number as people write it, in its normal form (`normalisePhone`: "+86 138 0000 0000" is
 * "+8613800000000"); null when it is neither. The browser sends this and the server keeps this.
 */
export function feedbackContact(value: string): string | null {
  const v = value.trim();
  return isEmail(v) ? v : normalisePhone(v);
}

/** Whether a CAM form contact is an e-mail or a phone number. */
export const isContact = (value: string): boolean => feedbackContact(value) !== null;

/** The offset of the spec's wire times: China, +08:00. */
const CHINA_OFFSET_MS = 8 * 3600_000;

/** The end of `now`'s day in China time (the spec's +08:00), as an instant. */
export function endOfTodayChina(now: Date): Date {
  const local = new Date(now.getTime() + CHINA_OFFSET_MS);
  const endLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 23, 59, 59, 999);
  return new Date(endLocal - CHINA_OFFSET_MS);
}

/** The start of the China day of `at`, as an instant. */
function startOfDayChina(at: Date): number {
  const local = new Date(at.getTime() + CHINA_OFFSET_MS);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - CHINA_OFFSET_MS;
}

/** An expected processing date may not be before the end of today: any day from today on is allowed. */
export const isExpectedDateAllowed = (expected: Date, now: Date): boolean => startOfDayChina(expected) >= startOfDayChina(now);

/** The default expected date: 7 days ahead. */
export const defaultExpectedDate = (now: Date): Date => new Date(now.getTime() + 7 * 24 * 3600_000);

/** The spec's wire form of a time: shifted by 8 hours with a +08:00 offset (`2026-11-28T16:00:00+08:00`). */
export function toChinaWire(at: Date): string {
  const shifted = new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19);
  return `${shifted}+08:00`;
}

/** The instant a China day (YYYY-MM-DD) names: its noon at +08:00, the time the forms send for a day; null when no such day. */
export function chinaDayInstant(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const at = new Date(`${day}T12:00:00+08:00`);
  // "2026-02-30" is no day: Date would roll it over into March.
  return Number.isNaN(at.getTime()) || toChinaWire(at).slice(0, 10) !== day ? null : at;
}

/**
 * An expected processing time as ProblemFeedbackSave takes it (issue 35 item 9): an ISO 8601 time
 * with an offset (DECISIONS 3: "2026-12-05T12:00:00+08:00"), or a date alone ("2026-12-05"), read as
 * that China day (the spec's +08:00). Null for anything else: the refusal `dateFormat` says which forms.
 */
export function parseExpectedTime(value: string): Date | null {
  const v = value.trim();
  return chinaDayInstant(v) ?? parseWireTime(v);
}

/** An ISO 8601 time with an offset (DECISIONS 3), or null. */
export function parseWireTime(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/.test(value.trim())) return null;
  const at = new Date(value.trim());
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The fields of a feedback as a form holds them. */
export interface FeedbackEntry {
  product: number | null;
  version: string;
  title: string;
  /** The steps' HTML: required, and more than markup. */
  html: string;
  userName: string;
  phone: string;
  expected: Date | null;
}

export type FeedbackProblem = 'productRequired' | 'versionRequired' | 'titleRequired' | 'contentRequired' | 'contactInvalid' | 'dateFormat' | 'dateInvalid';

/** Text of rich-text HTML without tags, for the "required" check. */
const hasText = (html: string) => /<img\b/i.test(html) || html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';

/** The first problem of a feedback (CAM form: the contact must be an e-mail or a phone), or null. */
export function feedbackProblem(entry: FeedbackEntry, now: Date, form: 'cam' | 'user'): FeedbackProblem | null {
  if (entry.product === null || !isFeedbackProduct(entry.product)) return 'productRequired';
  if (!entry.version.trim()) return 'versionRequired';
  if (!entry.title.trim()) return 'titleRequired';
  if (!hasText(entry.html)) return 'contentRequired';
  if (form === 'cam' && !isContact(entry.phone)) return 'contactInvalid';
  // No date, or none that reads as one: say which forms a date takes, not that it is in the past.
  if (!entry.expected) return 'dateFormat';
  if (!isExpectedDateAllowed(entry.expected, now)) return 'dateInvalid';
  return null;
}
