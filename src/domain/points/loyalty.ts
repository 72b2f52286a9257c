/**
 * Loyalty levels from a points balance (spec 2 section 9, DECISIONS 4): up to 5000 points level 1,
 * up to 10000 level 2, up to 20000 level 3, up to 30000 level 4, above that level 5; the progress
 * is shown against the next threshold. "Up to" includes the threshold: 5000 points are still
 * level 1 (at 100 %), 5001 are level 2. The one rule the server answers (User/GetMallPoints) and
 * the user centre shows.
 */
export const LEVEL_THRESHOLDS = [5000, 10000, 20000, 30000] as const;

/** The highest level, reached above the last threshold. */
export const TOP_LEVEL = LEVEL_THRESHOLDS.length + 1;

export interface Loyalty {
  /** The balance the level was read from (never negative). */
  readonly points: number;
  /** 1 to 5. */
  readonly level: number;
  /** The threshold below this level's range (0 for level 1): where its progress bar starts. */
  readonly floor: number;
  /** The threshold this level runs up to; null at the top level. */
  readonly next: number | null;
  /** Points still needed to pass `next`; 0 at the top level. */
  readonly toNext: number;
  /** Progress towards `next` as a whole percentage of `next` (0 to 100); 100 at the top level. */
  readonly progress: number;
}

/** The loyalty level of a balance; a negative or fractional balance is read as its whole, non-negative part. */
export function loyaltyOf(balance: number): Loyalty {
  const points = Number.isFinite(balance) ? Math.max(0, Math.floor(balance)) : 0;
  const index = LEVEL_THRESHOLDS.findIndex((threshold) => points <= threshold);
  if (index === -1) {
    return { points, level: TOP_LEVEL, floor: LEVEL_THRESHOLDS[LEVEL_THRESHOLDS.length - 1], next: null, toNext: 0, progress: 100 };
  }
  const next = LEVEL_THRESHOLDS[index];
  return {
    points,
    level: index + 1,
    floor: index === 0 ? 0 : LEVEL_THRESHOLDS[index - 1],
    next,
    toNext: next - points + 1,
    progress: Math.min(100, Math.floor((points * 100) / next)),
  };
}
