/**
 * The live data keys of ADR 0005 and the parsing of `[{KEY, VALUE}]` lists (message bus) and
 * `{KEY: VALUE}` records (data service). Malformed input never throws: what cannot be read is
 * left out, unknown keys are ignored, numbers are kept inside physically sane ranges.
 */

/** Numeric keys with the range a value is clamped into, and whether it is a whole count. */
export const NUMERIC_KEYS = {
  State: { min: -1_000_000, max: 1_000_000, whole: true },
  Progress: { min: 0, max: 100, whole: false },
  X: { min: -1_000_000, max: 1_000_000, whole: false },
  Y: { min: -1_000_000, max: 1_000_000, whole: false },
  Z: { min: -1_000_000, max: 1_000_000, whole: false },
  W: { min: -1_000_000, max: 1_000_000, whole: false },
  WorkedTime: { min: 0, max: 1e9, whole: false },
  CutLength: { min: 0, max: 1e9, whole: false },
  EmptyLength: { min: 0, max: 1e9, whole: false },
  FeedRate: { min: 0, max: 1000, whole: false },
  FeedSpeed: { min: 0, max: 1e6, whole: false },
  Power: { min: 0, max: 1e6, whole: false },
  CutPressure: { min: 0, max: 1e6, whole: false },
  Voltage: { min: 0, max: 1e7, whole: false },
  PierceCount: { min: 0, max: 1e9, whole: true },
  PierceTime: { min: 0, max: 1e9, whole: false },
  CutTime: { min: 0, max: 1e9, whole: false },
  PartCount: { min: 0, max: 1e9, whole: true },
  CompletedCount: { min: 0, max: 1e9, whole: true },
  Height: { min: -10_000, max: 10_000, whole: false },
  PunchingNum: { min: 0, max: 1e9, whole: true },
  PunchingTime: { min: 0, max: 1e9, whole: false },
} as const satisfies Record<string, { min: number; max: number; whole: boolean }>;

/** Text keys, cut to this many characters. */
export const TEXT_KEYS = ['TaskName', 'TaskFile', 'TaskId', 'ErrorType', 'ErrorContent', 'StartTime', 'EndTime'] as const;
export const TEXT_MAX_LENGTH = 256;

export type NumericKey = keyof typeof NUMERIC_KEYS;
export type TextKey = (typeof TEXT_KEYS)[number];
export type LiveKey = NumericKey | TextKey;

/** Every value a page shows, always complete (zero and empty when unknown). */
export type LiveValues = { [K in NumericKey]: number } & { [K in TextKey]: string };

/** What one message says: only the keys it carried. */
export type LiveUpdate = Partial<LiveValues>;

export const LIVE_KEYS: readonly LiveKey[] = [...(Object.keys(NUMERIC_KEYS) as NumericKey[]), ...TEXT_KEYS];

const isNumericKey = (key: string): key is NumericKey => Object.prototype.hasOwnProperty.call(NUMERIC_KEYS, key);
const isTextKey = (key: string): key is TextKey => (TEXT_KEYS as readonly string[]).includes(key);

/** A number, or a numeric string; anything else (NaN, Infinity, booleans, objects) is null. */
export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && value.length <= 64) {
    const number = Number(value.trim());
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

/** `value` inside [min, max]; whole counts are truncated. */
export function clampValue(key: NumericKey, value: number): number {
  const { min, max, whole } = NUMERIC_KEYS[key];
  const clamped = Math.min(max, Math.max(min, value));
  // `+ 0` turns a -0 into 0, so a zeroed value compares equal to 0.
  return (whole ? Math.trunc(clamped) : clamped) + 0;
}

function readText(value: unknown): string | null {
  if (value === null) return '';
  if (typeof value === 'string') return value.slice(0, TEXT_MAX_LENGTH);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** One key and value into the update, when both can be read. */
function put(update: LiveUpdate, key: unknown, value: unknown): void {
  if (typeof key !== 'string') return;
  if (isNumericKey(key)) {
    const number = readNumber(value);
    if (number !== null) update[key] = clampValue(key, number);
  } else if (isTextKey(key)) {
    const text = readText(value);
    if (text !== null) update[key] = text;
  }
}

function parseJson(payload: unknown): unknown {
  if (typeof payload !== 'string') return payload;
  try {
    return JSON.parse(payload);
  } catch {
    return null;
  }
}

/** A message bus payload (`[{"KEY": "X", "VALUE": 12.5}, ...]`, as text or parsed) as an update; later entries win. */
export function parseLiveMessage(payload: unknown): LiveUpdate {
  const list = parseJson(payload);
  const update: LiveUpdate = {};
  if (!Array.isArray(list)) return update;
  for (const entry of list) {
    if (entry && typeof entry === 'object' && !Array.isArray(entry)) {
      const { KEY, VALUE } = entry as { KEY?: unknown; VALUE?: unknown };
      put(update, KEY, VALUE);
    }
  }
  return update;
}

/** A data service record (`{"State": 3, "X": 12.5}`) as an update. */
export function parseValuesRecord(record: unknown): LiveUpdate {
  const update: LiveUpdate = {};
  if (!record || typeof record !== 'object' || Array.isArray(record)) return update;
  for (const key of LIVE_KEYS) {
    if (Object.prototype.hasOwnProperty.call(record, key)) put(update, key, (record as Record<string, unknown>)[key]);
  }
  return update;
}

/** True when an update carries at least one key. */
export function hasValues(update: LiveUpdate): boolean {
  return Object.keys(update).length > 0;
}

/** Every value zero or empty, with `State` set to the given code (the offline code of the page's table). */
export function zeroValues(state: number): LiveValues {
  const values = {} as Record<LiveKey, number | string>;
  for (const key of Object.keys(NUMERIC_KEYS) as NumericKey[]) values[key] = 0;
  for (const key of TEXT_KEYS) values[key] = '';
  values.State = state;
  return values as LiveValues;
}

/** The values after an update: the keys it carried replace the old ones. */
export function applyUpdate(values: LiveValues, update: LiveUpdate): LiveValues {
  return { ...values, ...update };
}
