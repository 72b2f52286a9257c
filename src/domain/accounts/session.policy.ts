/** Session lifetime: sliding expiry after a week without use, and never longer than 30 days in all. */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
export const SESSION_MAX_MS = 30 * 24 * 3600_000;
/** Sliding the expiry writes to the database; once a minute per session is enough. */
export const SESSION_TOUCH_EVERY_MS = 60_000;

export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export function isSessionLive(s: SessionTimes, now: Date): boolean {
  return s.revokedAt === null && now.getTime() < s.expiresAt.getTime();
}

/** The expiry after a use at `now`: idle window from now, capped by the absolute maximum. */
export function slideExpiry(s: Pick<SessionTimes, 'createdAt'>, now: Date): Date {
  return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, s.createdAt.getTime() + SESSION_MAX_MS));
}

export function needsTouch(s: Pick<SessionTimes, 'lastSeenAt'>, now: Date): boolean {
  return now.getTime() - s.lastSeenAt.getTime() >= SESSION_TOUCH_EVERY_MS;
}
