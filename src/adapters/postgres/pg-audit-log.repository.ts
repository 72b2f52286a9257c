import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { wellFormedJson } from '../../domain/shared/well-formed';
import type { AuditEntry, AuditFilter, AuditLog, AuditRecord } from '../../ports/audit-log.port';
import type { Page } from '../../ports/cam-store.port';
import type { Executor } from './database';
import { users } from './schema';
import { auditLog } from './tables/audit';

/** `%` and `_` typed by staff are matched as themselves. */
const part = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The audit log in PostgreSQL: insert and select only (no update, no delete). */
export class PgAuditLogRepository implements AuditLog {
  constructor(private readonly db: Executor) {}

  async append(entry: AuditEntry): Promise<void> {
    await this.db.insert(auditLog).values({
      ...entry,
      // jsonb refuses a lone surrogate, which a caller's text may hold: a service's own audit rows
      // carry what it was sent (a company's new name), and the row must not fail the call.
      request: wellFormedJson(entry.request),
      before: wellFormedJson(entry.before),
      after: wellFormedJson(entry.after),
      // The account as it is now, kept with the row: the account may be removed later.
      actorAccount: sql`coalesce((select ${users.account} from ${users} where ${users.id} = ${entry.actorId}), '')`,
    });
  }

  async find(filter: AuditFilter, page: Page): Promise<{ rows: AuditRecord[]; total: number }> {
    const where: SQL[] = [];
    if (filter.actor) where.push(ilike(auditLog.actorAccount, part(filter.actor)));
    if (filter.action) where.push(ilike(auditLog.action, part(filter.action)));
    if (filter.object) where.push(ilike(auditLog.object, part(filter.object)));
    if (filter.kind) where.push(eq(auditLog.kind, filter.kind));
    if (filter.from) where.push(gte(auditLog.at, filter.from));
    if (filter.to) where.push(lt(auditLog.at, filter.to));
    const condition = where.length ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db.select().from(auditLog).where(condition).orderBy(desc(auditLog.at), desc(auditLog.id)).offset(page.offset).limit(page.limit),
      this.db.select({ n: count() }).from(auditLog).where(condition),
    ]);
    return { rows: rows.map((r) => ({ ...r, kind: r.kind === 'write' ? 'write' : 'read' })), total: total?.n ?? 0 };
  }
}
