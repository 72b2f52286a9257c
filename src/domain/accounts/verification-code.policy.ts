/** Rules for verification codes (DECISIONS 2): 6 digits, 10 minutes, 5 tries, one resend per 60 s. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_RESEND_MS = 60_000;
export const CODE_MAX_ATTEMPTS = 5;

export interface CodeState {
  createdAt: Date;
  expiresAt: Date;
  attempts: number;
  consumedAt: Date | null;
}

/** Seconds the caller must still wait before another code may be sent to the same address. */
export function resendWaitSeconds(latest: Pick<CodeState, 'createdAt'> | null, now: Date): number {
  if (!latest) return 0;
  const left = latest.createdAt.getTime() + CODE_RESEND_MS - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

export type CodeVerdict = 'accepted' | 'wrong' | 'locked' | 'expired' | 'missing';

/**
 * Judges one try of a code. `matches` is whether the entered code equals the stored one.
 * A code that is used, expired or has had its five tries never accepts again.
 */
export function judgeCode(code: CodeState | null, matches: boolean, now: Date): CodeVerdict {
  if (!code || code.consumedAt) return 'missing';
  if (now.getTime() >= code.expiresAt.getTime()) return 'expired';
  if (code.attempts >= CODE_MAX_ATTEMPTS) return 'locked';
  return matches ? 'accepted' : 'wrong';
}

/** A fresh 6-digit code from a source of random integers below the bound. */
export function makeCode(randomInt: (below: number) => number): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}
