import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loyaltyOf } from '../../../src/domain/accounts/loyalty-level';
import { profileProblem } from '../../../src/domain/accounts/profile-rules';

describe('profile rules (spec 2 section 5)', () => {
  const ok = { realName: 'Li', mobile: '', password: '', oldPassword: '', confirmation: '' };
  it('names the spec message keys', () => {
    expect(profileProblem(ok)).toBeNull();
    expect(profileProblem({ ...ok, realName: ' ' })).toBe('nameErr');
    expect(profileProblem({ ...ok, mobile: 'abc' })).toBe('phoneErr');
    expect(profileProblem({ ...ok, mobile: 'tel 1' })).toBeNull();
    expect(profileProblem({ ...ok, password: 'newpass12' })).toBe('oldErr');
    expect(profileProblem({ ...ok, password: 'newpass12', oldPassword: 'x', confirmation: 'other' })).toBe('newErr');
    expect(profileProblem({ ...ok, password: 'short', oldPassword: 'x', confirmation: 'short' })).toBe('passwordTooShort');
    expect(profileProblem({ ...ok, password: 'newpass12', oldPassword: 'x', confirmation: 'newpass12' })).toBeNull();
  });
});

describe('loyalty levels (spec 2 section 9)', () => {
  it('puts the thresholds 5000, 10000, 20000, 30000 at the top of their level', () => {
    expect(loyaltyOf(0)).toEqual({ level: 1, name: 'regular', next: 5000, percent: 0 });
    expect(loyaltyOf(5000)).toMatchObject({ level: 1, next: 5000, percent: 100 });
    expect(loyaltyOf(5001)).toMatchObject({ level: 2, name: 'silver', next: 10000 });
    expect(loyaltyOf(10000)).toMatchObject({ level: 2 });
    expect(loyaltyOf(10001)).toMatchObject({ level: 3, name: 'gold' });
    expect(loyaltyOf(20001)).toMatchObject({ level: 4, name: 'platinum', next: 30000 });
    expect(loyaltyOf(30000)).toMatchObject({ level: 4 });
    expect(loyaltyOf(30001)).toEqual({ level: 5, name: 'diamond', next: null, percent: 100 });
  });

  it('never falls as points grow, and progress stays within 0 to 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), (x, y) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x];
        expect(loyaltyOf(lo).level).toBeLessThanOrEqual(loyaltyOf(hi).level);
        const { percent } = loyaltyOf(x);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
      }),
    );
  });
});
