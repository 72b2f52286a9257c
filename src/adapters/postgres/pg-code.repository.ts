import { desc, eq, sql } from 'drizzle-orm';
import type { CodeRecord, CodeRepository } from '../../ports/accounts-store.port';
import type { Executor } from './database';
import { verificationCodes } from './schema';

/** Verification codes in PostgreSQL. */
export class PgCodeRepository implements CodeRepository {
  constructor(private readonly db: Executor) {}

  async latest(address: string) {
    const [row] = await this.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.address, address))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    return row ? { ...row, channel: row.channel as CodeRecord['channel'] } : null;
  }

  async create(code: Omit<CodeRecord, 'id' | 'attempts' | 'consumedAt'>) {
    await this.db.insert(verificationCodes).values(code);
  }

  async countAttempt(id: string) {
    await this.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, id));
  }

  async consume(id: string, at: Date) {
    await this.db.update(verificationCodes).set({ consumedAt: at }).where(eq(verificationCodes.id, id));
  }
}
