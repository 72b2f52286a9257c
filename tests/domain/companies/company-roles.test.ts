import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allows, CAPABILITIES, invitableRoles, memberChangeProblem, rank, ROLES, type CompanyRole, type Membership } from '../../../src/domain/companies/company-roles';

const role = fc.constantFrom(...ROLES);
/** A company of 1 to 8 members (user ids u0..u7), any roles. */
const company = fc.array(role, { minLength: 1, maxLength: 8 }).map((roles) => roles.map((r, i): Membership => ({ userId: `u${i}`, role: r })));
/** A change drawn over a company: who acts, on whom, and the role given (null: removed or leaving). */
const change = company.chain((members) =>
  fc.record({
    members: fc.constant(members),
    actor: fc.integer({ min: 0, max: members.length - 1 }).map((i) => `u${i}`),
    target: fc.integer({ min: 0, max: members.length - 1 }).map((i) => `u${i}`),
    next: fc.option(role, { nil: null }),
  }),
);

const apply = (members: readonly Membership[], target: string, next: CompanyRole | null) =>
  next === null ? members.filter((m) => m.userId !== target) : members.map((m) => (m.userId === target ? { ...m, role: next } : m));

describe('company roles', () => {
  it('are ordered: a role has every capability of the roles below it', () => {
    fc.assert(
      fc.property(role, role, fc.constantFrom(...CAPABILITIES), (a, b, capability) => {
        if (rank(a) >= rank(b) && allows(b, capability)) expect(allows(a, capability)).toBe(true);
      }),
    );
  });

  it('give the table of ADR 0030: a viewer only reads, an engineer works on the machines, a manager runs them, an owner owns', () => {
    const table = Object.fromEntries(ROLES.map((r) => [r, CAPABILITIES.filter((c) => allows(r, c))]));
    expect(table).toEqual({
      viewer: ['read'],
      engineer: ['read', 'workOrders', 'maintenance', 'stock', 'documents'],
      manager: ['read', 'workOrders', 'maintenance', 'stock', 'documents', 'machines', 'points', 'members'],
      owner: [...CAPABILITIES],
    });
    for (const c of CAPABILITIES) expect(allows(null, c)).toBe(false);
  });

  it('never let a change leave a company without an owner', () => {
    fc.assert(
      fc.property(change, ({ members, actor, target, next }) => {
        fc.pre(members.some((m) => m.role === 'owner'));
        if (memberChangeProblem(members, actor, target, next) === null) expect(apply(members, target, next).some((m) => m.role === 'owner')).toBe(true);
      }),
    );
  });

  it('let only an owner touch an owner, only managers and owners change others, and anyone but the last owner leave', () => {
    fc.assert(
      fc.property(change, ({ members, actor, target, next }) => {
        const problem = memberChangeProblem(members, actor, target, next);
        const a = members.find((m) => m.userId === actor)!;
        const t = members.find((m) => m.userId === target)!;
        const owners = members.filter((m) => m.role === 'owner').length;
        if (actor === target && next === null) {
          expect(problem).toBe(t.role === 'owner' && owners === 1 ? 'lastOwner' : null);
          return;
        }
        if (problem === null) {
          expect(allows(a.role, 'members')).toBe(true);
          if (t.role === 'owner' || next === 'owner') expect(a.role).toBe('owner');
        }
        if (!allows(a.role, 'members')) expect(problem).toBe('notAllowed');
      }),
    );
  });

  it('refuse a change by or on someone who is not a member', () => {
    const members: Membership[] = [{ userId: 'u0', role: 'owner' }];
    expect(memberChangeProblem(members, 'stranger', 'u0', 'viewer')).toBe('notMember');
    expect(memberChangeProblem(members, 'u0', 'stranger', null)).toBe('notMember');
  });

  it('let a manager invite below owner and an owner as any role', () => {
    expect(invitableRoles('owner')).toEqual([...ROLES]);
    expect(invitableRoles('manager')).toEqual(['viewer', 'engineer', 'manager']);
    expect(invitableRoles('engineer')).toEqual([]);
    expect(invitableRoles(null)).toEqual([]);
  });
});
