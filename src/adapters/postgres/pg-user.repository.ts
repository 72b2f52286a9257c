import { and, eq, inArray } from 'drizzle-orm';
import type { NewUser, UserRecord, UserRepository } from '../../ports/accounts-store.port';
import type { Executor } from './database';
import { users } from './schema';

type Row = typeof users.$inferSelect;

const toRecord = (r: Row): UserRecord => ({ ...r, status: r.status as UserRecord['status'] });

/** Accounts in PostgreSQL. */
export class PgUserRepository implements UserRepository {
  constructor(private readonly db: Executor) {}

  async findById(id: string) {
    if (!UUID.test(id)) return null;
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ? toRecord(row) : null;
  }

  async findByAccount(account: string) {
    const [row] = await this.db.select().from(users).where(eq(users.account, account)).limit(1);
    return row ? toRecord(row) : null;
  }

  async findByEmail(email: string) {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row ? toRecord(row) : null;
  }

  async create(user: NewUser) {
    const rows = await this.db.insert(users).values(user).onConflictDoNothing().returning();
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async setPassword(id: string, passwordHash: string) {
    await this.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
  }

  async setStatus(id: string, status: UserRecord['status']) {
    await this.db.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, id));
  }

  async setCamEmail(id: string, email: string) {
    await this.db.update(users).set({ camEmail: email, updatedAt: new Date() }).where(eq(users.id, id));
  }

  async setEmail(id: string, email: string) {
    try {
      // In a savepoint: inside a unit of work a refused statement would abort the whole transaction.
      await this.db.transaction((savepoint) => savepoint.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, id)));
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') return false;
      throw error;
    }
  }

  async removeUnproven(id: string) {
    await this.db.delete(users).where(and(eq(users.id, id), inArray(users.status, ['pending_review', 'rejected'])));
  }

  async listByStatus(status: UserRecord['status']) {
    const rows = await this.db.select().from(users).where(eq(users.status, status)).orderBy(users.createdAt);
    return rows.map(toRecord);
  }
}

// Ids come from clients; a malformed one is "not found", not a database error.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
