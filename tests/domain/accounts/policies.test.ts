import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterFailure, failureDelayMs, lockRemainingMs, LOGIN_LOCK_MS, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS, type ThrottleState } from '../../../src/domain/accounts/login-throttle.policy';
import { isSessionLive, needsTouch, SESSION_IDLE_MS, SESSION_MAX_MS, slideExpiry } from '../../../src/domain/accounts/session.policy';
import { CODE_MAX_ATTEMPTS, CODE_RESEND_MS, CODE_TTL_MS, judgeCode, makeCode, resendWaitSeconds } from '../../../src/domain/accounts/verification-code.policy';

const T0 = Date.UTC(2026, 0, 1);
const at = (ms: number) => new Date(T0 + ms);

describe('verification-code policy', () => {
  it('makes 6-digit codes from any random source', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => {
      expect(makeCode(() => n)).toMatch(/^\d{6}$/);
    }));
  });

  it('never accepts a used, expired or exhausted code, and accepts a fresh right one', () => {
    fc.assert(
      fc.property(fc.nat(CODE_TTL_MS * 2), fc.nat(10), fc.boolean(), fc.boolean(), (age, attempts, used, matches) => {
        const code = { createdAt: at(0), expiresAt: at(CODE_TTL_MS), attempts, consumedAt: used ? at(1) : null };
        const verdict = judgeCode(code, matches, at(age));
        const open = !used && age < CODE_TTL_MS && attempts < CODE_MAX_ATTEMPTS;
        expect(verdict === 'accepted').toBe(open && matches);
        if (!open) expect(verdict).not.toBe('wrong');
      }),
    );
  });

  it('asks to wait exactly until 60 s after the last code', () => {
    fc.assert(
      fc.property(fc.nat(CODE_RESEND_MS * 2), (elapsed) => {
        const wait = resendWaitSeconds({ createdAt: at(0) }, at(elapsed));
        expect(wait).toBe(elapsed >= CODE_RESEND_MS ? 0 : Math.ceil((CODE_RESEND_MS - elapsed) / 1000));
        expect(wait).toBeGreaterThanOrEqual(0);
        expect(wait).toBeLessThanOrEqual(60);
      }),
    );
    expect(resendWaitSeconds(null, at(0))).toBe(0);
  });
});

describe('login throttle policy', () => {
  it('locks on the 5th failure inside the window, never earlier, and the lock ends', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(LOGIN_WINDOW_MS / 4), { minLength: 1, maxLength: 12 }), (gaps) => {
        let state: ThrottleState | null = null;
        let now = 0;
        let failuresSinceReset = 0;
        for (const gap of gaps) {
          now += gap;
          const wasLocked = state !== null && lockRemainingMs(state, at(now)) > 0;
          const before: ThrottleState | null = state;
          state = afterFailure(state, at(now));
          const reset = !before || now - before.windowStartedAt.getTime() + T0 > LOGIN_WINDOW_MS || (before.lockedUntil !== null && !wasLocked);
          failuresSinceReset = reset ? 1 : failuresSinceReset + 1;
          expect(state.failures).toBe(failuresSinceReset);
          expect(state.lockedUntil !== null).toBe(state.failures >= LOGIN_MAX_FAILURES);
          expect(failureDelayMs(state)).toBeLessThanOrEqual(LOGIN_MAX_FAILURES * 200);
        }
        expect(lockRemainingMs(state, at(now + LOGIN_LOCK_MS))).toBe(0);
      }),
    );
  });
});

describe('session policy', () => {
  it('slides the expiry but never past 30 days from the start', () => {
    fc.assert(
      fc.property(fc.nat(SESSION_MAX_MS * 2), (used) => {
        const expiry = slideExpiry({ createdAt: at(0) }, at(used)).getTime() - T0;
        expect(expiry).toBeLessThanOrEqual(SESSION_MAX_MS);
        expect(expiry).toBe(Math.min(used + SESSION_IDLE_MS, SESSION_MAX_MS));
      }),
    );
  });

  it('is live only before its expiry and while not revoked', () => {
    fc.assert(
      fc.property(fc.nat(SESSION_MAX_MS), fc.nat(SESSION_MAX_MS), fc.boolean(), (expires, now, revoked) => {
        const s = { createdAt: at(0), lastSeenAt: at(0), expiresAt: at(expires), revokedAt: revoked ? at(0) : null };
        expect(isSessionLive(s, at(now))).toBe(!revoked && now < expires);
      }),
    );
    expect(needsTouch({ lastSeenAt: at(0) }, at(59_999))).toBe(false);
    expect(needsTouch({ lastSeenAt: at(0) }, at(60_000))).toBe(true);
  });
});
