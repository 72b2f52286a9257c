import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_WINDOW_MS,
  afterFailure,
  failureDelayMs,
  FREE_FAILURES,
  MAX_DELAY_MS,
  needsProof,
  PAIR_WINDOW_MS,
  PROOF_AFTER_FAILURES,
  retryWaitMs,
  type ThrottleState,
} from '../../../src/domain/accounts/login-throttle.policy';
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

describe('login throttle policy (issue 21, item 3)', () => {
  it('lets the first failures through, then makes each try wait a doubling delay up to 15 minutes, never a lock without end', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(PAIR_WINDOW_MS + 60_000), { minLength: 1, maxLength: 30 }), (gaps) => {
        let state: ThrottleState | null = null;
        let now = 0;
        let inRow = 0;
        for (const gap of gaps) {
          now += gap;
          const before: ThrottleState | null = state;
          state = afterFailure(state, at(now));
          inRow = !before || now + T0 - before.windowStartedAt.getTime() > PAIR_WINDOW_MS ? 1 : inRow + 1;
          expect(state.failures).toBe(inRow);
          const wait = retryWaitMs(state, at(now));
          expect(wait).toBe(inRow <= FREE_FAILURES ? 0 : Math.min(MAX_DELAY_MS, 1000 * 2 ** (inRow - FREE_FAILURES - 1)));
          expect(retryWaitMs(state, at(now + MAX_DELAY_MS))).toBe(0);
          expect(failureDelayMs(state)).toBeLessThanOrEqual(1000);
        }
      }),
    );
  });

  it('asks for a proof only after 10 failures of the account within an hour', () => {
    let state: ThrottleState | null = null;
    for (let i = 1; i <= PROOF_AFTER_FAILURES; i++) {
      expect(needsProof(state, at(i * 1000))).toBe(false);
      state = afterFailure(state, at(i * 1000), ACCOUNT_WINDOW_MS);
    }
    expect(needsProof(state, at(PROOF_AFTER_FAILURES * 1000))).toBe(true);
    expect(needsProof(state, at(PROOF_AFTER_FAILURES * 1000 + ACCOUNT_WINDOW_MS + 1))).toBe(false);
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
