import { randomBytes } from 'node:crypto';
import type { PasswordHasherPort, UserRepository } from '../../ports/accounts-store.port';
import type { StaffRoles } from '../../ports/staff-roles.port';
import type { Clock } from '../../ports/clock.port';
import type { UnitOfWork } from '../../ports/unit-of-work.port';

export type StaffChange =
  | { kind: 'created'; account: string; password: string }
  | { kind: 'promoted'; account: string }
  | { kind: 'already-staff'; account: string }
  | { kind: 'removed'; account: string }
  | { kind: 'not-staff'; account: string }
  | { kind: 'unknown'; account: string }
  | { kind: 'bad-email'; account: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/**
 * Staff accounts are made and removed by `npm run staff` only, never by registration (issue 19).
 * `add` makes a new account staff with a random password it answers once, or gives the role to an
 * existing account; `remove` takes the role away and ends the account's sessions. The account
 * itself stays (its audit rows name it).
 */
export class StaffAccountsService {
  constructor(
    private readonly users: UserRepository,
    private readonly roles: StaffRoles,
    /** The role and the sessions it ends change together (ADR 0027). */
    private readonly unitOfWork: UnitOfWork,
    private readonly hasher: PasswordHasherPort,
    private readonly clock: Clock,
  ) {}

  async add(emailInput: string, password?: string): Promise<StaffChange> {
    const account = emailInput.trim().toLowerCase();
    if (!EMAIL.test(account)) return { kind: 'bad-email', account };
    const existing = await this.users.findByAccount(account);
    if (existing) {
      if (existing.isStaff) return { kind: 'already-staff', account };
      // Sessions opened as a customer end: the next login carries the role.
      await this.setRole(existing.id, true);
      return { kind: 'promoted', account };
    }
    const secret = password ?? randomBytes(12).toString('base64url');
    const created = await this.users.create({
      account,
      email: account,
      mobile: null,
      realName: account.split('@')[0] ?? account,
      address: '',
      fullPathId: '',
      fullPathName: '',
      isDomestic: 0,
      createOrigin: '0',
      passwordHash: await this.hasher.hash(secret),
      status: 'active',
      isStaff: true,
    });
    if (!created) return { kind: 'already-staff', account };
    return { kind: 'created', account, password: secret };
  }

  async remove(emailInput: string): Promise<StaffChange> {
    const account = emailInput.trim().toLowerCase();
    const user = await this.users.findByAccount(account);
    if (!user) return { kind: 'unknown', account };
    if (!user.isStaff) return { kind: 'not-staff', account };
    await this.setRole(user.id, false);
    return { kind: 'removed', account };
  }

  /** Gives or takes the role and ends the account's sessions, in one transaction. */
  private setRole(userId: string, isStaff: boolean): Promise<void> {
    return this.unitOfWork.run(async ({ staffRoles, sessions }) => {
      await staffRoles.setStaff(userId, isStaff);
      await sessions.revokeAllOf(userId, this.clock.now());
    });
  }

  list(): Promise<string[]> {
    return this.roles.listStaff();
  }
}
