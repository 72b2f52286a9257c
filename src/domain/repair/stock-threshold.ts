/**
 * The stock threshold rule (spec 3 sections 5 and 9), shared by the stock edit modal, the optional
 * threshold of the work-order form and the server's `ComponentUserNumber/Save`: required, a whole
 * number of digits (the message asks for a correct number), not negative.
 */
export type ThresholdProblem = 'required' | 'invalid';

export const MAX_THRESHOLD = 1_000_000;

export function thresholdProblem(value: string | number | null | undefined): ThresholdProblem | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'x') : (value ?? '').trim();
  if (!text) return 'required';
  if (!/^\d+$/.test(text)) return 'invalid';
  return Number(text) > MAX_THRESHOLD ? 'invalid' : null;
}

/** The threshold as a number, when the rule accepts it. */
export const parseThreshold = (value: string | number | null | undefined): number | null =>
  thresholdProblem(value) ? null : Number(typeof value === 'number' ? value : (value ?? '').trim());

/**
 * DECISIONS 4: after a submission counts against a part, `ReturnCount` is 2 when the count has
 * reached the caller's threshold for that part, 0 when the caller set none, 1 otherwise. 2 and 0
 * make the page offer the stock page.
 */
export function stockSignal(count: number, threshold: number | null): 0 | 1 | 2 {
  if (threshold === null) return 0;
  return count >= threshold ? 2 : 1;
}

export const offersStockPage = (signal: number): boolean => signal === 2 || signal === 0;
