import { randomBytes } from 'node:crypto';
import { isEmail } from '../../domain/accounts/validation';
import { invitableRoles, memberChangeProblem, type CompanyRole, type MemberChangeRefusal } from '../../domain/companies/company-roles';
import type { AuditLog } from '../../ports/audit-log.port';
import type { UserRepository } from '../../ports/accounts-store.port';
import type { Clock } from '../../ports/clock.port';
import type { CompanyOfPerson, CompanyStore, InvitationRecord, MemberRecord } from '../../ports/company-store.port';
import type { MailerPort } from '../../ports/mailer.port';
import type { UnitOfWork } from '../../ports/unit-of-work.port';
import { done, refuse, type Outcome } from '../outcome';
import { hashToken, type Caller } from './session.service';

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
/** Most invitations a company may have open at once (a flood of mail through the portal is refused). */
export const MAX_OPEN_INVITATIONS = 50;

/** Where an audit row of a member's change came from. */
export interface RequestTrace {
  requestId: string;
  ip: string;
}

type Language = 'zh' | 'en';

/** The invitation e-mail, in the invitee's language. */
function invitationMail(language: Language, company: string, inviter: string, role: CompanyRole, link: string, expires: Date) {
  const until = expires.toISOString().slice(0, 10);
  const roles = { zh: { owner: '所有者', manager: '管理员', engineer: '工程师', viewer: '查看者' }, en: { owner: 'owner', manager: 'manager', engineer: 'engineer', viewer: 'viewer' } }[language];
  return language === 'zh'
    ? { subject: `${inviter} 邀请您加入 ${company}`, text: `${inviter} 邀请您以“${roles[role]}”身份加入 ${company}，共享其设备。\n\n打开此链接接受邀请（${until} 前有效，仅可使用一次）：\n${link}\n\n如果您不认识邀请人，请忽略此邮件。` }
    : { subject: `${inviter} invites you to ${company}`, text: `${inviter} invites you to join ${company} as ${roles[role]}, to share its machines.\n\nOpen this link to accept (valid until ${until}, once):\n${link}\n\nIf you do not know who sent this, ignore this e-mail.` };
}

/** How an invitation names a company of one: after its founder. */
function companyName(founder: { realName: string; account: string } | null, language: Language): string {
  const name = founder?.realName || founder?.account || '';
  return language === 'zh' ? `${name} 的公司` : `${name}'s company`;
}

/**
 * Company accounts (issue 37, ADR 0030): the caller's companies and switching between them,
 * members and their roles, invitations by e-mail. The role rules are the domain's; a change of
 * members runs in one transaction with the members' rows locked, so two owners demoting each
 * other at once cannot leave the company without one. Every change is written to the audit log
 * with the person who made it.
 */
export class CompanyService {
  constructor(
    private readonly store: CompanyStore,
    private readonly users: Pick<UserRepository, 'findById' | 'findByEmail'>,
    private readonly unitOfWork: UnitOfWork,
    private readonly mailer: MailerPort,
    private readonly audit: Pick<AuditLog, 'append'>,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  async companies(caller: Caller): Promise<Outcome<Array<CompanyOfPerson & { current: boolean }>>> {
    const list = await this.store.companiesOf(caller.userId);
    return done(list.map((c) => ({ ...c, current: c.companyId === caller.companyId })));
  }

  async switchTo(caller: Caller, companyId: string, trace: RequestTrace): Promise<Outcome<null, 'notMember'>> {
    const list = await this.store.companiesOf(caller.userId);
    if (!list.some((c) => c.companyId === companyId)) return refuse('notMember');
    await this.store.setSessionCompany(caller.tokenHash, companyId === caller.userId ? null : companyId);
    await this.record(caller, 'Company/SwitchCompany', companyId, trace, { companyId: caller.companyId }, { companyId });
    return done(null);
  }

  /** An owner names the company (whitespace folded; '' gives back the founder's name); audited with the name before. */
  async rename(caller: Caller, raw: string, trace: RequestTrace): Promise<Outcome<null, 'badName'>> {
    const name = raw.replace(/\s+/g, ' ').trim();
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f<>]/.test(raw)) return refuse('badName');
    const before = await this.store.rename(caller.companyId, name);
    await this.record(caller, 'Company/RenameCompany', caller.companyId, trace, { name: before }, { name });
    return done(null);
  }

  async members(caller: Caller): Promise<Outcome<MemberRecord[]>> {
    return done(await this.store.members(caller.companyId));
  }

  async invite(caller: Caller, input: { email: string; role: CompanyRole; language: Language }, trace: RequestTrace): Promise<Outcome<InvitationRecord, 'badEmail' | 'roleNotAllowed' | 'alreadyMember' | 'tooMany' | 'mailFailed'>> {
    const email = input.email.trim().toLowerCase();
    if (!isEmail(email)) return refuse('badEmail');
    if (!invitableRoles(caller.role).includes(input.role)) return refuse('roleNotAllowed');
    const now = this.clock.now();
    const [members, open, invitee, inviter] = await Promise.all([
      this.store.members(caller.companyId),
      this.store.pendingInvitations(caller.companyId, now),
      this.users.findByEmail(email),
      this.users.findById(caller.userId),
    ]);
    if (invitee && members.some((m) => m.userId === invitee.id)) return refuse('alreadyMember');
    if (open.length >= MAX_OPEN_INVITATIONS) return refuse('tooMany');
    const code = randomBytes(24).toString('base64url');
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 24 * 3600_000);
    const invitation = await this.store.createInvitation({ companyId: caller.companyId, email, role: input.role, invitedBy: caller.userId, createdAt: now, expiresAt, codeHash: hashToken(code) });
    // The invitee's own language when they have an account, else the one the inviter writes in.
    const language: Language = invitee ? (invitee.isDomestic ? 'zh' : 'en') : input.language;
    // A company goes by its own name, else after its founder, whose id it has (the inviter themself when it is their own).
    const named = (await this.store.companiesOf(caller.userId)).find((c) => c.companyId === caller.companyId)?.name;
    const founder = named ? null : caller.companyId === caller.userId ? inviter : await this.users.findById(caller.companyId);
    const company = named || companyName(founder, language);
    const link = `${this.publicUrl}/app/invitation?code=${encodeURIComponent(code)}`;
    try {
      await this.mailer.send({ to: email, ...invitationMail(language, company, inviter?.realName || inviter?.account || '', input.role, link, expiresAt) });
    } catch {
      // An invitation nobody received is withdrawn at once: its code never left the server.
      await this.store.revokeInvitation(caller.companyId, invitation.id, now);
      return refuse('mailFailed');
    }
    await this.record(caller, 'Company/InviteMember', caller.companyId, trace, null, { invitation: invitation.id, email, role: input.role });
    return done(invitation);
  }

  async invitations(caller: Caller): Promise<Outcome<InvitationRecord[]>> {
    return done(await this.store.pendingInvitations(caller.companyId, this.clock.now()));
  }

  async revokeInvitation(caller: Caller, id: string, trace: RequestTrace): Promise<Outcome<null, 'notFound'>> {
    if (!(await this.store.revokeInvitation(caller.companyId, id, this.clock.now()))) return refuse('notFound');
    await this.record(caller, 'Company/RevokeInvitation', caller.companyId, trace, { invitation: id }, null);
    return done(null);
  }

  /** Joins the invitation's company (the code is the secret the e-mail carried; it must be the caller's address) and works in it. */
  async accept(caller: Caller, code: string, trace: RequestTrace): Promise<Outcome<{ companyId: string; role: CompanyRole }, 'unknownCode' | 'otherAddress'>> {
    const now = this.clock.now();
    const invitation = await this.store.invitationByCode(hashToken(code.trim()));
    if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt <= now) return refuse('unknownCode');
    const me = await this.users.findById(caller.userId);
    if (!me || (me.email ?? '').trim().toLowerCase() !== invitation.email) return refuse('otherAddress');
    const joined = await this.unitOfWork.run(async ({ companies }) => {
      if (!(await companies.acceptInvitation(invitation.id, caller.userId, now))) return false;
      // Already a member (joined another way meanwhile): the role they have stays.
      await companies.addMember(invitation.companyId, caller.userId, invitation.role, invitation.invitedBy, now);
      await companies.setSessionCompany(caller.tokenHash, invitation.companyId === caller.userId ? null : invitation.companyId);
      return true;
    });
    if (!joined) return refuse('unknownCode');
    await this.record(caller, 'Company/AcceptInvitation', invitation.companyId, trace, null, { invitation: invitation.id, role: invitation.role });
    return done({ companyId: invitation.companyId, role: invitation.role });
  }

  async setRole(caller: Caller, memberId: string, role: CompanyRole, trace: RequestTrace): Promise<Outcome<null, MemberChangeRefusal>> {
    return this.change(caller, memberId, role, 'Company/SetMemberRole', trace);
  }

  async remove(caller: Caller, memberId: string, trace: RequestTrace): Promise<Outcome<null, MemberChangeRefusal>> {
    return this.change(caller, memberId, null, 'Company/RemoveMember', trace);
  }

  async leave(caller: Caller, trace: RequestTrace): Promise<Outcome<null, MemberChangeRefusal | 'ownCompany'>> {
    if (caller.companyId === caller.userId) return refuse('ownCompany');
    return this.change(caller, caller.userId, null, 'Company/LeaveCompany', trace);
  }

  /**
   * One change of a member's role or membership under the members' row locks. A removed member's
   * sessions end with it, so their open live connections close within the sweep (SECURITY 21.2);
   * a person who leaves keeps their sessions and works in their own company again.
   */
  private async change(caller: Caller, memberId: string, next: CompanyRole | null, action: string, trace: RequestTrace): Promise<Outcome<null, MemberChangeRefusal>> {
    const outcome = await this.unitOfWork.run(async ({ companies, sessions }) => {
      const members = await companies.members(caller.companyId, { lock: true });
      const problem = memberChangeProblem(members, caller.userId, memberId, next);
      if (problem) return { problem, before: null };
      const before = members.find((m) => m.userId === memberId)!.role;
      if (next) await companies.setRole(caller.companyId, memberId, next);
      else {
        await companies.removeMember(caller.companyId, memberId);
        if (memberId !== caller.userId) await sessions.revokeAllOf(memberId, this.clock.now());
      }
      return { problem: null, before };
    });
    if (outcome.problem) return refuse(outcome.problem);
    await this.record(caller, action, `${caller.companyId}/${memberId}`, trace, { role: outcome.before }, next ? { role: next } : null);
    return done(null);
  }

  private async record(caller: Caller, action: string, object: string, trace: RequestTrace, before: unknown, after: unknown) {
    await this.audit.append({ at: this.clock.now(), actorId: caller.userId, action, kind: 'write', object, result: 'done', request: null, before, after, requestId: trace.requestId, ip: trace.ip });
  }
}
