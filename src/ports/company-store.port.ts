import type { CompanyRole } from '../domain/companies/company-roles';

/** A company a person belongs to, with their role in it. */
export interface CompanyOfPerson {
  companyId: string;
  /** The company's name; '' for a company of one, which the page names after its owner. */
  name: string;
  /** The founder's real name, or their account when they gave none: what names a company without a name. */
  ownerName: string;
  role: CompanyRole;
}

/** A member as the company's page lists them. */
export interface MemberRecord {
  userId: string;
  account: string;
  email: string | null;
  realName: string;
  role: CompanyRole;
  joinedAt: Date;
}

/** An invitation by e-mail; only the hash of its code is kept. */
export interface InvitationRecord {
  id: string;
  companyId: string;
  email: string;
  role: CompanyRole;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

/** Companies, their members and invitations (issue 37, ADR 0030). */
export interface CompanyStore {
  companiesOf(userId: string): Promise<CompanyOfPerson[]>;
  /** The members, owners first; with `lock`, their rows are held until the transaction ends (a role change checks the last owner under it). */
  members(companyId: string, options?: { lock?: boolean }): Promise<MemberRecord[]>;
  /** Adds a member; false when they already are one. */
  addMember(companyId: string, userId: string, role: CompanyRole, invitedBy: string | null, at: Date): Promise<boolean>;
  setRole(companyId: string, userId: string, role: CompanyRole): Promise<void>;
  /** Ends the membership; the person's sessions that worked in the company work in their own again. */
  removeMember(companyId: string, userId: string): Promise<void>;
  createInvitation(invitation: Omit<InvitationRecord, 'id' | 'acceptedAt' | 'revokedAt'> & { codeHash: string }): Promise<InvitationRecord>;
  /** Invitations neither accepted, revoked nor expired at `now`, newest first. */
  pendingInvitations(companyId: string, now: Date): Promise<InvitationRecord[]>;
  invitationByCode(codeHash: string): Promise<InvitationRecord | null>;
  /** Marks it accepted by `userId` if it is still open at `at`; false when it was not (used, revoked, expired: a race lost). */
  acceptInvitation(id: string, userId: string, at: Date): Promise<boolean>;
  /** false when the company has no such open invitation. */
  revokeInvitation(companyId: string, id: string, at: Date): Promise<boolean>;
  /** The company's own name ('' names it after its founder); the name it had. */
  rename(companyId: string, name: string): Promise<string>;
  /** The company a session works in (null: the person's own). */
  setSessionCompany(tokenHash: string, companyId: string | null): Promise<void>;
}
