/**
 * An id as the knowledge calls receive it (a number, its digits as text, or "" for none):
 * undefined when absent or empty, null when it is no valid id.
 */
export function idOf(value: unknown): number | undefined | null {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).trim();
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
