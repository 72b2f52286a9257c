/** Loyalty levels by points (spec 2 section 9): up to 5000 level 1, up to 10000 level 2, up to 20000 level 3, up to 30000 level 4, above level 5. */
export const LEVEL_THRESHOLDS = [5000, 10000, 20000, 30000] as const;

export const LEVEL_NAMES = ['regular', 'silver', 'gold', 'platinum', 'diamond'] as const;
export type LevelName = (typeof LEVEL_NAMES)[number];

export interface Loyalty {
  /** 1 to 5. */
  level: number;
  name: LevelName;
  /** The threshold of the next level, null at the top. */
  next: number | null;
  /** Progress towards `next` in percent (0 to 100), 100 at the top. */
  percent: number;
}

/** The level of a balance: "up to 5000" includes 5000. */
export function loyaltyOf(points: number): Loyalty {
  const p = Math.max(0, points);
  const index = LEVEL_THRESHOLDS.findIndex((t) => p <= t);
  const level = index === -1 ? 5 : index + 1;
  const next = index === -1 ? null : LEVEL_THRESHOLDS[index]!;
  const percent = next === null ? 100 : Math.min(100, Math.floor((p / next) * 100));
  return { level, name: LEVEL_NAMES[level - 1]!, next, percent };
}
