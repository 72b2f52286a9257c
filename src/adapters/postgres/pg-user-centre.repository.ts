import { and, eq, inArray, isNull, lt, ne } from 'drizzle-orm';
import type {
  FeedbackUpload,
  NewQuestion,
  ProfileUpdate,
  QuestionFilter,
  QuestionRecord,
  SupportStore,
  UserCentreStore,
  WarrantyRecord,
  WarrantyRegistryPort,
} from '../../ports/user-centre-store.port';
import type { Db } from './database';
import { sessions, users } from './schema';
import { feedbackUploads, machineWarranty, supportQuestions } from './tables/user-centre';
import { count, desc, sql, type SQL } from 'drizzle-orm';

/** The user centre's changes to accounts in PostgreSQL. */
export class PgUserCentreStore implements UserCentreStore {
  constructor(private readonly db: Db) {}

  async updateProfile(userId: string, profile: ProfileUpdate, passwordHash?: string) {
    await this.db
      .update(users)
      .set({ ...profile, ...(passwordHash ? { passwordHash } : {}), updatedAt: new Date() })
      .where(eq(users.id, userId));
  }

  async setAvatar(userId: string, fileId: string, url: string) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select({ url: users.avatarUrl }).from(users).where(eq(users.id, userId)).for('update');
      await tx.update(users).set({ avatarUrl: url, updatedAt: new Date() }).where(eq(users.id, userId));
      const old = /\/api\/User\/Avatar\/([0-9a-f]{32})\//.exec(row?.url ?? '')?.[1];
      return old && old !== fileId ? old : null;
    });
  }

  async revokeOtherSessions(userId: string, keepTokenHash: string, at: Date) {
    await this.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.tokenHash, keepTokenHash)));
  }
}

type QuestionRow = typeof supportQuestions.$inferSelect;
const toQuestion = ({ answeredBy: _by, ...r }: QuestionRow): QuestionRecord => r;

/** Support questions and feedback uploads in PostgreSQL. */
export class PgSupportStore implements SupportStore {
  constructor(private readonly db: Db) {}

  async create(question: NewQuestion) {
    const [row] = await this.db.insert(supportQuestions).values(question).returning();
    return toQuestion(row!);
  }

  async find(id: number) {
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2 ** 31 - 1) return null;
    const [row] = await this.db.select().from(supportQuestions).where(eq(supportQuestions.id, id)).limit(1);
    return row ? toQuestion(row) : null;
  }

  async list(filter: QuestionFilter, page?: { offset: number; limit: number }) {
    const where: SQL[] = [];
    if (filter.ownerId !== undefined) where.push(eq(supportQuestions.ownerId, filter.ownerId));
    if (filter.id !== undefined) where.push(eq(supportQuestions.id, filter.id));
    if (filter.title) where.push(sql`strpos(lower(regexp_replace(${supportQuestions.title}, '\\s', '', 'g')), lower(${filter.title})) > 0`);
    if (filter.isComplaint !== undefined) where.push(eq(supportQuestions.isComplaint, filter.isComplaint));
    if (filter.processingStatus !== undefined) where.push(eq(supportQuestions.processingStatus, filter.processingStatus));
    const condition = where.length ? and(...where) : undefined;
    const query = this.db.select().from(supportQuestions).where(condition).orderBy(desc(supportQuestions.createdAt), desc(supportQuestions.id));
    const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
    const [total] = await this.db.select({ n: count() }).from(supportQuestions).where(condition);
    return { rows: rows.map(toQuestion), total: total?.n ?? 0 };
  }

  async urge(id: number, ownerId: string) {
    const rows = await this.db
      .update(supportQuestions)
      .set({ isComplaint: 1 })
      .where(and(eq(supportQuestions.id, id), eq(supportQuestions.ownerId, ownerId), eq(supportQuestions.isComplaint, 0), eq(supportQuestions.processingStatus, 0)))
      .returning({ id: supportQuestions.id });
    return rows.length === 1;
  }

  async answer(id: number, answer: string, by: string | null, at: Date, close: boolean) {
    const [row] = await this.db
      .update(supportQuestions)
      .set({ answer, answeredBy: by, answeredAt: at, ...(close ? { processingStatus: 1 } : {}) })
      .where(eq(supportQuestions.id, id))
      .returning();
    return row ? toQuestion(row) : null;
  }

  async close(id: number) {
    const rows = await this.db.update(supportQuestions).set({ processingStatus: 1 }).where(eq(supportQuestions.id, id)).returning({ id: supportQuestions.id });
    return rows.length === 1;
  }

  async addUpload(upload: FeedbackUpload) {
    await this.db.insert(feedbackUploads).values(upload);
  }

  async upload(fileId: string) {
    if (!/^[0-9a-f]{32}$/.test(fileId)) return null;
    const [row] = await this.db.select().from(feedbackUploads).where(eq(feedbackUploads.fileId, fileId)).limit(1);
    return row
      ? { fileId: row.fileId, ownerId: row.ownerId, slot: row.slot as FeedbackUpload['slot'], fileName: row.fileName, size: row.size, createdAt: row.createdAt }
      : null;
  }

  async sweepUnsentUploads(before: Date) {
    // One statement: a question saved meanwhile either names the file (the row stays) or does not.
    const rows = await this.db
      .delete(feedbackUploads)
      .where(
        and(
          lt(feedbackUploads.createdAt, before),
          sql`not exists (select 1 from ${supportQuestions} q where q.main_file_id = ${feedbackUploads.fileId} or q.other_file_id = ${feedbackUploads.fileId})`,
        ),
      )
      .returning({ fileId: feedbackUploads.fileId });
    return rows.map((r) => r.fileId);
  }
}

/** The maintenance platform's warranty records: its embedded default, a table in the portal's database. */
export class PgWarrantyRegistry implements WarrantyRegistryPort {
  constructor(private readonly db: Db) {}

  async warrantyOf(orderNumbers: readonly string[]): Promise<WarrantyRecord[]> {
    if (orderNumbers.length === 0) return [];
    return this.db.select().from(machineWarranty).where(inArray(machineWarranty.orderNumber, [...orderNumbers]));
  }

  async put(record: WarrantyRecord) {
    await this.db.insert(machineWarranty).values(record).onConflictDoUpdate({ target: machineWarranty.orderNumber, set: record });
  }
}
