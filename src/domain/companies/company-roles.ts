/**
 * What each person of a company may do (issue 37, ADR 0030): four roles, each a set of
 * capabilities, checked on the server for every call that reads or changes the company's data.
 * The roles are ordered: each has every capability of the one below it.
 */

export const ROLES = ['viewer', 'engineer', 'manager', 'owner'] as const;
export type CompanyRole = (typeof ROLES)[number];

/**
 * The capabilities a call needs. `read`: every page of the company's machines (fleet, live data,
 * reports, work orders, maintenance, stock, documents, files, warranty, licences, points).
 */
export type Capability =
  /** Reads of everything the company owns. */
  | 'read'
  /** Raise and follow work orders (repair requests). */
  | 'workOrders'
  /** Confirm maintenance and keep its plans. */
  | 'maintenance'
  /** Stock thresholds and stock changes. */
  | 'stock'
  /** Industrial documents and random files: upload, rename, delete. */
  | 'documents'
  /** A machine's settings, its QR labels, alarm webhooks: everything on machines but binding them. */
  | 'machines'
  /** Spend the company's points (CAM licence exchanges). */
  | 'points'
  /** Invite members, change roles and remove members below owner. */
  | 'members'
  /** Bind and unbind machines, make and remove owners. */
  | 'ownership';

/** The least role each capability needs. */
const LEAST_ROLE: Record<Capability, CompanyRole> = {
  read: 'viewer',
  workOrders: 'engineer',
  maintenance: 'engineer',
  stock: 'engineer',
  documents: 'engineer',
  machines: 'manager',
  points: 'manager',
  members: 'manager',
  ownership: 'owner',
};

export const CAPABILITIES = Object.keys(LEAST_ROLE) as Capability[];

export const rank = (role: CompanyRole) => ROLES.indexOf(role);

export const isRole = (value: unknown): value is CompanyRole => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Whether a member of this role may do what needs `capability`; a person without a role (not a member) may do nothing. */
export function allows(role: CompanyRole | null, capability: Capability): boolean {
  return role !== null && rank(role) >= rank(LEAST_ROLE[capability]);
}

/** A member's place in the company as a change to it sees it. */
export interface Membership {
  userId: string;
  role: CompanyRole;
}

/** Why a change to the members is refused. */
export type MemberChangeRefusal = 'notAllowed' | 'lastOwner' | 'notMember';

/**
 * Whether `actor` may give `target` the role `next` (null: remove them; the actor themself:
 * leave). Managers change members below owner; only an owner makes, demotes or removes an owner;
 * anyone may leave; and the last owner can neither leave nor be demoted or removed, so a company
 * always has an owner.
 */
export function memberChangeProblem(members: readonly Membership[], actorId: string, targetId: string, next: CompanyRole | null): MemberChangeRefusal | null {
  const actor = members.find((m) => m.userId === actorId);
  const target = members.find((m) => m.userId === targetId);
  if (!actor || !target) return 'notMember';
  const leaving = actorId === targetId && next === null;
  if (!leaving) {
    if (!allows(actor.role, 'members')) return 'notAllowed';
    if ((target.role === 'owner' || next === 'owner') && !allows(actor.role, 'ownership')) return 'notAllowed';
  }
  if (target.role === 'owner' && next !== 'owner' && members.filter((m) => m.role === 'owner').length === 1) return 'lastOwner';
  return null;
}

/** The roles `actor` may invite someone as: below owner for a manager, any for an owner, none below. */
export function invitableRoles(actor: CompanyRole | null): CompanyRole[] {
  if (!allows(actor, 'members')) return [];
  return ROLES.filter((r) => r !== 'owner' || allows(actor, 'ownership'));
}
