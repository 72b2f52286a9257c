import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { companyPageMachine, leaveProblem, namesCompany, type CompanyView, type RenameAnswer, type InviteAnswer, type InviteDraft, type Lang, type LeaveAnswer, type Member, type MemberAnswer } from '../../../src/domain/companies/company-page.machine';
import { invitableRoles, memberChangeProblem, ROLES, type CompanyRole } from '../../../src/domain/companies/company-roles';
import type { CallAnswer } from '../../../src/domain/shared/call-answer';

const role = fc.constantFrom(...ROLES);

/** A company of 2 to 6 members (m0.. m5), any roles, the caller one of them; its id the founder's (m0) or another's. */
const company = fc
  .record({ roles: fc.array(role, { minLength: 2, maxLength: 6 }), me: fc.nat(), ownCompany: fc.boolean() })
  .map(({ roles, me, ownCompany }): CompanyView => {
    const mine = me % roles.length;
    const members = roles.map((r, i): Member => ({ memberId: `m${i}`, name: `Member ${i}`, account: `a${i}`, role: r, joinedAt: '2026-12-01 10:00:00', isMe: i === mine }));
    return { company: { companyId: ownCompany ? `m${mine}` : 'm0', name: '', ownerName: 'Founder', role: roles[mine], current: true }, members, invitations: [] };
  });

type Step = { kind: 'role'; target: number; role: CompanyRole } | { kind: 'remove'; target: number } | { kind: 'leave' };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('role' as const), target: fc.nat(5), role }),
  fc.record({ kind: fc.constant('remove' as const), target: fc.nat(5) }),
  fc.constant({ kind: 'leave' as const }),
);

function start(view: CompanyView, calls: string[]) {
  const done = <T,>(data: T) => ({ kind: 'done' as const, data });
  return createActor(
    companyPageMachine.provide({
      actors: {
        load: fromPromise<CallAnswer<CompanyView>>(async () => done(view)),
        setRole: fromPromise<MemberAnswer, { memberId: string; role: CompanyRole }>(async ({ input }) => (calls.push(`role ${input.memberId} ${input.role}`), done(null))),
        remove: fromPromise<MemberAnswer, { memberId: string }>(async ({ input }) => (calls.push(`remove ${input.memberId}`), done(null))),
        leave: fromPromise<LeaveAnswer>(async () => (calls.push('leave'), done(null))),
        invite: fromPromise<InviteAnswer, { draft: InviteDraft; language: Lang }>(async ({ input }) => (calls.push(`invite ${input.draft.email} ${input.draft.role} ${input.language}`), done({ id: 'i1', email: input.draft.email, role: input.draft.role, sentAt: '', expiresAt: '' }))),
      },
    }),
  ).start();
}

const settled = (actor: ReturnType<typeof start>) => waitFor(actor, (s) => s.matches({ ready: 'idle' }) || s.matches('left'));

describe('the company page', () => {
  it('asks the server only for the member changes the rules allow, and for every one they allow', async () => {
    await fc.assert(
      fc.asyncProperty(company, step, async (view, change) => {
        const calls: string[] = [];
        const actor = start(view, calls);
        await settled(actor);
        const me = view.members.find((m) => m.isMe)!;
        const members = view.members.map((m) => ({ userId: m.memberId, role: m.role }));
        const target = view.members[change.kind === 'leave' ? 0 : change.target % view.members.length];
        if (change.kind === 'role') {
          actor.send({ type: 'member.setRole', memberId: target.memberId, role: change.role });
          await settled(actor);
          const allowed = !target.isMe && target.role !== change.role && memberChangeProblem(members, me.memberId, target.memberId, change.role) === null;
          expect(calls).toEqual(allowed ? [`role ${target.memberId} ${change.role}`] : []);
          expect(actor.getSnapshot().context.notice).toBe(allowed ? 'roleChanged' : null);
        } else if (change.kind === 'remove') {
          actor.send({ type: 'member.remove', memberId: target.memberId });
          const allowed = !target.isMe && memberChangeProblem(members, me.memberId, target.memberId, null) === null;
          // Nothing is removed before the confirmation.
          expect(actor.getSnapshot().context.confirmRemove).toBe(allowed ? target.memberId : null);
          expect(calls).toEqual([]);
          actor.send({ type: 'member.removeConfirmed' });
          await settled(actor);
          expect(calls).toEqual(allowed ? [`remove ${target.memberId}`] : []);
        } else {
          actor.send({ type: 'leave.ask' });
          const problem = leaveProblem(view);
          expect(problem).toBe(view.company.companyId === me.memberId ? 'ownCompany' : memberChangeProblem(members, me.memberId, me.memberId, null));
          expect(actor.getSnapshot().context.problem).toBe(problem);
          actor.send({ type: 'leave.confirmed' });
          await settled(actor);
          expect(calls).toEqual(problem ? [] : ['leave']);
          expect(actor.getSnapshot().matches('left')).toBe(problem === null);
        }
        actor.stop();
      }),
    );
  });

  it('sends an invitation only with an address and a role the caller may give, the address trimmed', async () => {
    await fc.assert(
      fc.asyncProperty(company, fc.constantFrom('', '   ', ' new@example.com ', 'x@y.cn'), role, fc.constantFrom<Lang>('zh', 'en'), async (view, email, invited, language) => {
        const calls: string[] = [];
        const actor = start(view, calls);
        await settled(actor);
        actor.send({ type: 'invite.change', patch: { email, role: invited } });
        actor.send({ type: 'invite.send', language });
        await settled(actor);
        const allowed = email.trim() !== '' && invitableRoles(view.company.role).includes(invited);
        expect(calls).toEqual(allowed ? [`invite ${email.trim()} ${invited} ${language}`] : []);
        const { notice, problem, invite } = actor.getSnapshot().context;
        expect(notice).toBe(allowed ? 'invited' : null);
        expect(problem).toBe(allowed ? null : email.trim() === '' ? 'emailRequired' : 'roleNotAllowed');
        // A sent invitation clears the address for the next one.
        expect(invite.email).toBe(allowed ? '' : email);
        actor.stop();
      }),
    );
  });

  it("shows the server's refusal under its name, and loads the members again after it", async () => {
    let loads = 0;
    const view: CompanyView = {
      company: { companyId: 'm0', name: 'Acme', ownerName: 'A', role: 'owner', current: true },
      members: [
        { memberId: 'm0', name: 'A', account: 'a', role: 'owner', joinedAt: '', isMe: true },
        { memberId: 'm1', name: 'B', account: 'b', role: 'viewer', joinedAt: '', isMe: false },
      ],
      invitations: [],
    };
    const actor = createActor(
      companyPageMachine.provide({
        actors: {
          load: fromPromise<CallAnswer<CompanyView>>(async () => (loads++, { kind: 'done' as const, data: view })),
          setRole: fromPromise<MemberAnswer, { memberId: string; role: CompanyRole }>(async () => ({ kind: 'notMember' as const })),
        },
      }),
    ).start();
    await settled(actor);
    actor.send({ type: 'member.setRole', memberId: 'm1', role: 'engineer' });
    await waitFor(actor, (s) => s.context.problem !== null && s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.problem).toBe('notMember');
    expect(loads).toBe(2);
    actor.stop();
  });
  it('lets only an owner edit the name, and saves it trimmed', async () => {
    await fc.assert(
      fc.asyncProperty(company, fc.string({ maxLength: 120 }), async (view, typed) => {
        const names: string[] = [];
        const actor = createActor(
          companyPageMachine.provide({
            actors: {
              load: fromPromise<CallAnswer<CompanyView>>(async () => ({ kind: 'done' as const, data: view })),
              rename: fromPromise<RenameAnswer, { name: string }>(async ({ input }) => (names.push(input.name), { kind: 'done' as const, data: null })),
            },
          }),
        ).start();
        await settled(actor);
        actor.send({ type: 'name.edit' });
        actor.send({ type: 'name.change', value: typed });
        actor.send({ type: 'name.save' });
        await settled(actor);
        expect(names).toEqual(namesCompany(view) ? [typed.slice(0, 100).trim()] : []);
        expect(namesCompany(view)).toBe(view.company.role === 'owner');
        actor.stop();
      }),
    );
  });
});
