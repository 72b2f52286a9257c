import { describe, expect, it } from 'vitest';
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
