import { eq } from 'drizzle-orm';
import type { StaffRoles } from '../../ports/staff-roles.port';
import type { Executor } from './database';
import { users } from './schema';

/** The staff role on the user record (users.is_staff). */
export class PgStaffRoles implements StaffRoles {
  constructor(private readonly db: Executor) {}

  async setStaff(userId: string, isStaff: boolean): Promise<void> {
    await this.db.update(users).set({ isStaff, updatedAt: new Date() }).where(eq(users.id, userId));
  }

  async listStaff(): Promise<string[]> {
    const rows = await this.db.select({ account: users.account }).from(users).where(eq(users.isStaff, true)).orderBy(users.account);
    return rows.map((r) => r.account);
  }
}
