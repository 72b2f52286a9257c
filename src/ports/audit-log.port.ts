import type { Page } from './cam-store.port';

/** One staff action as the audit log keeps it: who, what, when, the object, before and after. */
export interface AuditEntry {
  at: Date;
  actorId: string;
  /** The call, `Controller/Action`. */
  action: string;
  kind: 'read' | 'write';
  object: string | null;
  /** `done`, `<code> <info>` of a refusal, or `error`. */
  result: string;
  request: unknown;
  before: unknown;
  after: unknown;
  requestId: string;
  ip: string;
}

export interface AuditRecord extends AuditEntry {
  id: number;
  /** The actor's account when the row was written (a removed staff account keeps its rows). */
  actorAccount: string;
}

/** What staff filter the log by; every field narrows, text fields match a part. */
export interface AuditFilter {
  actor?: string;
  action?: string;
  object?: string;
  kind?: 'read' | 'write';
  from?: Date;
  to?: Date;
}

/**
 * The audit log. Append-only by construction: there is no update and no delete here, so no
 * service, route or command can change or remove a row.
 */
export interface AuditLog {
  append(entry: AuditEntry): Promise<void>;
  find(filter: AuditFilter, page: Page): Promise<{ rows: AuditRecord[]; total: number }>;
}
