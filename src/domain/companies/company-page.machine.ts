import { assign, fromPromise, setup } from 'xstate';
import type { CallAnswer } from '../shared/call-answer';
import { allows, invitableRoles, memberChangeProblem, type CompanyRole } from './company-roles';
import type { CompanyChoice } from './company-switcher.machine';

export type Lang = 'zh' | 'en';

export interface Member {
  memberId: string;
  name: string;
  account: string;
  role: CompanyRole;
  joinedAt: string;
  isMe: boolean;
}

export interface Invitation {
  id: string;
  email: string;
  role: CompanyRole;
  sentAt: string;
  expiresAt: string;
}

/** What the page shows: the company worked in now, its members and (for those who may invite) its open invitations. */
export interface CompanyView {
  company: CompanyChoice;
  members: Member[];
  invitations: Invitation[];
}

export interface InviteDraft {
  email: string;
  role: CompanyRole;
}

type MemberRefusal = 'notMember' | 'notAllowed' | 'lastOwner';
export type InviteAnswer = CallAnswer<Invitation, 'badEmail' | 'roleNotAllowed' | 'alreadyMember' | 'tooMany' | 'mailFailed'>;
export type RevokeAnswer = CallAnswer<null, 'notFound'>;
export type MemberAnswer = CallAnswer<null, MemberRefusal>;
export type LeaveAnswer = CallAnswer<null, MemberRefusal | 'ownCompany'>;
export type RenameAnswer = CallAnswer<null, 'badName'>;

/** What the page says after an action, as message keys under `company.notice.`. */
export type CompanyNotice = 'invited' | 'revoked' | 'roleChanged' | 'removed' | 'renamed';
/** Why an action was refused, as message keys under `company.problem.` (the contract's refusal names, and the form's own). */
export type CompanyProblem = MemberRefusal | 'ownCompany' | 'badEmail' | 'roleNotAllowed' | 'alreadyMember' | 'tooMany' | 'mailFailed' | 'notFound' | 'emailRequired' | 'badName';

export interface CompanyPageContext {
  view: CompanyView | null;
  invite: InviteDraft;
  /** The member a removal asks to confirm, or null. */
  confirmRemove: string | null;
  confirmLeave: boolean;
  /** The company's name being edited (an owner's), or null. */
  nameDraft: string | null;
  notice: CompanyNotice | null;
  /** For `invited`: the address the invitation went to. */
  noticeEmail: string;
  problem: CompanyProblem | null;
  /** A refusal the contract does not name, or why loading failed, as the server said it. */
  error: string;
}

export type CompanyPageEvent =
  | { type: 'invite.change'; patch: Partial<InviteDraft> }
  | { type: 'invite.send'; language: Lang }
  | { type: 'invitation.revoke'; id: string }
  | { type: 'member.setRole'; memberId: string; role: CompanyRole }
  | { type: 'member.remove'; memberId: string }
  | { type: 'member.removeConfirmed' }
  | { type: 'leave.ask' }
  | { type: 'leave.confirmed' }
  | { type: 'confirm.cancel' }
  | { type: 'name.edit' }
  | { type: 'name.change'; value: string }
  | { type: 'name.save' }
  | { type: 'name.cancel' }
  | { type: 'page.retry' };

const me = (view: CompanyView | null) => view?.members.find((m) => m.isMe) ?? null;
const membership = (view: CompanyView) => view.members.map((m) => ({ userId: m.memberId, role: m.role }));
const myRole = (view: CompanyView | null): CompanyRole | null => view?.company.role ?? null;

/** Whether the caller may name the company (an owner). */
export const namesCompany = (view: CompanyView | null): boolean => allows(myRole(view), 'ownership');

/** Whether the caller may manage members here (the page shows the invite form and the role controls). */
export const managesMembers = (view: CompanyView | null): boolean => allows(myRole(view), 'members');

/** The roles the caller may give `member` (their own role first), or none when they may not change them. */
export function rolesFor(view: CompanyView | null, member: Member): CompanyRole[] {
  const caller = me(view);
  if (!view || !caller || member.isMe) return [];
  const members = membership(view);
  return (['owner', 'manager', 'engineer', 'viewer'] as const).filter((role) => role === member.role || memberChangeProblem(members, caller.memberId, member.memberId, role) === null);
}

/** Whether the caller may remove `member` (not themself: that is leaving). */
export function removable(view: CompanyView | null, member: Member): boolean {
  const caller = me(view);
  return !!view && !!caller && !member.isMe && memberChangeProblem(membership(view), caller.memberId, member.memberId, null) === null;
}

/** Why the caller cannot leave, before asking: their own company of one, or its last owner; null when they may. */
export function leaveProblem(view: CompanyView | null): 'ownCompany' | 'lastOwner' | null {
  const caller = me(view);
  if (!view || !caller) return null;
  if (view.company.companyId === caller.memberId) return 'ownCompany';
  return memberChangeProblem(membership(view), caller.memberId, caller.memberId, null) === 'lastOwner' ? 'lastOwner' : null;
}

const EMPTY_INVITE: InviteDraft = { email: '', role: 'viewer' };
/** The longest name the contract takes. */
const MAX_NAME = 100;

const refusalOf = (answer: { kind: string; message?: string }): Pick<CompanyPageContext, 'problem' | 'error' | 'notice'> =>
  answer.kind === 'refused' ? { problem: null, error: answer.message ?? '', notice: null } : { problem: answer.kind as CompanyProblem, error: '', notice: null };

const quiet = { notice: null, problem: null, error: '' } as const;

/**
 * The company page (issue 37 items 3 and 5): the company the caller works in, its members with
 * their roles, the open invitations, an invitation by e-mail, role changes, removal and leaving.
 * What the caller may do is decided by the same rules the server checks (company-roles.ts), so
 * the page offers only what will be allowed; the server still decides. After each change the page
 * loads again (`refreshing`, the content stays); after leaving, the machine ends in `left` and the
 * app starts again in the caller's own company.
 */
export const companyPageMachine = setup({
  types: { context: {} as CompanyPageContext, events: {} as CompanyPageEvent },
  actors: {
    load: fromPromise<CallAnswer<CompanyView>>(async () => {
      throw new Error('companyPage: load not provided');
    }),
    invite: fromPromise<InviteAnswer, { draft: InviteDraft; language: Lang }>(async () => {
      throw new Error('companyPage: invite not provided');
    }),
    revoke: fromPromise<RevokeAnswer, { id: string }>(async () => {
      throw new Error('companyPage: revoke not provided');
    }),
    setRole: fromPromise<MemberAnswer, { memberId: string; role: CompanyRole }>(async () => {
      throw new Error('companyPage: setRole not provided');
    }),
    remove: fromPromise<MemberAnswer, { memberId: string }>(async () => {
      throw new Error('companyPage: remove not provided');
    }),
    leave: fromPromise<LeaveAnswer>(async () => {
      throw new Error('companyPage: leave not provided');
    }),
    rename: fromPromise<RenameAnswer, { name: string }>(async () => {
      throw new Error('companyPage: rename not provided');
    }),
  },
}).createMachine({
  id: 'companyPage',
  context: { view: null, invite: EMPTY_INVITE, confirmRemove: null, confirmLeave: false, nameDraft: null, noticeEmail: '', ...quiet },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: [
          { guard: ({ event }) => event.output.kind === 'done', target: 'ready', actions: assign(({ event }) => (event.output.kind === 'done' ? { view: event.output.data, error: '' } : {})) },
          { target: 'failed', actions: assign(({ event }) => ({ error: event.output.kind === 'refused' ? event.output.message : '' })) },
        ],
        onError: 'failed',
      },
    },
    failed: { on: { 'page.retry': 'loading' } },
    ready: {
      initial: 'idle',
      on: {
        'invite.change': { actions: assign(({ context, event }) => ({ invite: { ...context.invite, ...event.patch }, ...quiet })) },
        'name.change': { guard: ({ context }) => context.nameDraft !== null, actions: assign(({ event }) => ({ nameDraft: event.value.slice(0, MAX_NAME), ...quiet })) },
        'name.cancel': { actions: assign({ nameDraft: null }) },
      },
      states: {
        idle: {
          on: {
            'invite.send': [
              { guard: ({ context }) => context.invite.email.trim() === '', actions: assign({ problem: 'emailRequired' as const, notice: null, error: '' }) },
              { guard: ({ context }) => !invitableRoles(myRole(context.view)).includes(context.invite.role), actions: assign({ problem: 'roleNotAllowed' as const, notice: null, error: '' }) },
              { target: 'inviting', actions: assign(quiet) },
            ],
            'invitation.revoke': { target: 'revoking', actions: assign(quiet) },
            'member.setRole': {
              guard: ({ context, event }) => {
                const member = context.view?.members.find((m) => m.memberId === event.memberId);
                return !!member && member.role !== event.role && rolesFor(context.view, member).includes(event.role);
              },
              target: 'settingRole',
              actions: assign(quiet),
            },
            'member.remove': {
              guard: ({ context, event }) => {
                const member = context.view?.members.find((m) => m.memberId === event.memberId);
                return !!member && removable(context.view, member);
              },
              actions: assign(({ event }) => ({ confirmRemove: event.memberId, ...quiet })),
            },
            'member.removeConfirmed': { guard: ({ context }) => context.confirmRemove !== null, target: 'removing' },
            'leave.ask': [
              { guard: ({ context }) => leaveProblem(context.view) !== null, actions: assign(({ context }) => ({ ...quiet, problem: leaveProblem(context.view) })) },
              { actions: assign({ confirmLeave: true, ...quiet }) },
            ],
            'leave.confirmed': { guard: ({ context }) => context.confirmLeave, target: 'leaving' },
            'confirm.cancel': { actions: assign({ confirmRemove: null, confirmLeave: false }) },
            'name.edit': { guard: ({ context }) => namesCompany(context.view), actions: assign(({ context }) => ({ nameDraft: context.view?.company.name ?? '', ...quiet })) },
            'name.save': { guard: ({ context }) => context.nameDraft !== null, target: 'renaming' },
          },
        },
        inviting: {
          tags: ['busy'],
          invoke: {
            src: 'invite',
            input: ({ context, event }) => ({ draft: { ...context.invite, email: context.invite.email.trim() }, language: (event as { language: Lang }).language }),
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'done',
                target: 'refreshing',
                actions: assign(({ context }) => ({ ...quiet, notice: 'invited' as const, noticeEmail: context.invite.email.trim(), invite: { ...EMPTY_INVITE, role: context.invite.role } })),
              },
              { target: 'idle', actions: assign(({ event }) => refusalOf(event.output)) },
            ],
            onError: 'idle',
          },
        },
        revoking: {
          tags: ['busy'],
          invoke: {
            src: 'revoke',
            input: ({ event }) => ({ id: (event as { id: string }).id }),
            onDone: [
              { guard: ({ event }) => event.output.kind === 'done', target: 'refreshing', actions: assign({ notice: 'revoked' as const }) },
              { target: 'refreshing', actions: assign(({ event }) => refusalOf(event.output)) },
            ],
            onError: 'idle',
          },
        },
        settingRole: {
          tags: ['busy'],
          invoke: {
            src: 'setRole',
            input: ({ event }) => ({ memberId: (event as { memberId: string }).memberId, role: (event as { role: CompanyRole }).role }),
            onDone: [
              { guard: ({ event }) => event.output.kind === 'done', target: 'refreshing', actions: assign({ notice: 'roleChanged' as const }) },
              { target: 'refreshing', actions: assign(({ event }) => refusalOf(event.output)) },
            ],
            onError: 'idle',
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            src: 'remove',
            input: ({ context }) => ({ memberId: context.confirmRemove ?? '' }),
            onDone: [
              { guard: ({ event }) => event.output.kind === 'done', target: 'refreshing', actions: assign({ notice: 'removed' as const, confirmRemove: null }) },
              { target: 'refreshing', actions: assign(({ event }) => ({ ...refusalOf(event.output), confirmRemove: null })) },
            ],
            onError: { target: 'idle', actions: assign({ confirmRemove: null }) },
          },
        },
        leaving: {
          tags: ['busy'],
          invoke: {
            src: 'leave',
            onDone: [
              { guard: ({ event }) => event.output.kind === 'done', target: '#companyPage.left' },
              { target: 'refreshing', actions: assign(({ event }) => ({ ...refusalOf(event.output), confirmLeave: false })) },
            ],
            onError: { target: 'idle', actions: assign({ confirmLeave: false }) },
          },
        },
        renaming: {
          tags: ['busy'],
          invoke: {
            src: 'rename',
            input: ({ context }) => ({ name: (context.nameDraft ?? '').trim() }),
            onDone: [
              { guard: ({ event }) => event.output.kind === 'done', target: 'refreshing', actions: assign({ notice: 'renamed' as const, nameDraft: null }) },
              { target: 'idle', actions: assign(({ event }) => refusalOf(event.output)) },
            ],
            onError: 'idle',
          },
        },
        refreshing: {
          invoke: {
            src: 'load',
            onDone: { target: 'idle', actions: assign(({ event }) => (event.output.kind === 'done' ? { view: event.output.data } : {})) },
            onError: 'idle',
          },
        },
      },
    },
    left: { type: 'final' },
  },
});
