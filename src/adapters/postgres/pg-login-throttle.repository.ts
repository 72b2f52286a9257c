import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { LoginThrottleRepository, ThrottleRecord } from '../../ports/accounts-store.port';
import type { Db } from './database';
import { loginThrottle } from './schema';

/** Failed-login counters in PostgreSQL, shared by every API server on the same database. */
export class PgLoginThrottleRepository implements LoginThrottleRepository {
  constructor(private readonly db: Db) {}

  async get(account: string) {
    const [row] = await this.db.select().from(loginThrottle).where(eq(loginThrottle.account, account)).limit(1);
    return row ?? null;
  }

  async put(account: string, state: ThrottleRecord) {
    await this.db
      .insert(loginThrottle)
      .values({ account, ...state })
      .onConflictDoUpdate({ target: loginThrottle.account, set: state });
  }

  async clear(account: string) {
    await this.db.delete(loginThrottle).where(eq(loginThrottle.account, account));
  }

  async purge(before: Date) {
    const removed = await this.db
      .delete(loginThrottle)
      .where(and(lt(loginThrottle.windowStartedAt, before), or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, before))))
      .returning({ account: loginThrottle.account });
    return removed.length;
  }
}
