/** A lone surrogate: half of a UTF-16 pair without its other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The text with each lone surrogate as U+FFFD. A JSON body may carry one (`"\udfff"` is valid
 * JSON); a text column stores it as U+FFFD already (UTF-8 has no such character), but jsonb
 * refuses the whole value, which failed a call that audits what it was sent.
 */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\ufffd');
}

/** A JSON value with every string in it (keys too) made well formed. */
export function wellFormedJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (value === null || typeof value !== 'object' || value instanceof Date || depth > 20) return value;
  if (Array.isArray(value)) return value.map((v) => wellFormedJson(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [wellFormed(k), wellFormedJson(v, depth + 1)]));
}
