/** The levels of the registration area cascade, top down (spec 1 section 2): nation, province, city, county. */
export const AREA_LEVELS = ['nation', 'province', 'city', 'county'] as const;
export type AreaLevel = (typeof AREA_LEVELS)[number];

/** The level below, or null under the county. */
export const childOf = (level: AreaLevel): AreaLevel | null => AREA_LEVELS[AREA_LEVELS.indexOf(level) + 1] ?? null;
/** The level above, or null over the nation. */
export const parentOf = (level: AreaLevel): AreaLevel | null => AREA_LEVELS[AREA_LEVELS.indexOf(level) - 1] ?? null;
