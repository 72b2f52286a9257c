import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log: one row per staff call (who, what, when, the object, before and after).
 * Append-only: the repository (`pg-audit-log.repository.ts`) has no update and no delete, and
 * no call of the API changes or removes a row. `actor_id` has no foreign key on purpose: a
 * removed staff account keeps its rows, and `actor_account` names it as it was.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id').notNull(),
    actorAccount: text('actor_account').notNull(),
    /** The call, `Controller/Action`. */
    action: text('action').notNull(),
    /** `read` for a call that changes nothing, `write` for one that may. */
    kind: text('kind').notNull(),
    /** The object acted on (`user:<id>`, `release:<id>`), null for a read of a list. */
    object: text('object'),
    /** `done`, or the refusal's code and text, or `error` when the call failed on our side. */
    result: text('result').notNull(),
    /** What the caller sent (long strings shortened). */
    request: jsonb('request'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_action_idx').on(t.action, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_object_idx').on(t.object),
    check('audit_log_kind_check', sql`${t.kind} in ('read', 'write')`),
  ],
);

