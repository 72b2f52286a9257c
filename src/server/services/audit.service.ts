import type { AuditFilter, AuditLog, AuditRecord } from '../../ports/audit-log.port';
import type { Page } from '../../ports/cam-store.port';
import { done, refuse, type Outcome } from '../outcome';

export interface AuditQuery {
  actor?: string;
  action?: string;
  object?: string;
  kind?: string;
  from?: string;
  to?: string;
}

/** A filter's time bound: an ISO 8601 date or date-time; undefined when blank, null when unreadable. */
function instantOf(value: string | undefined): Date | undefined | null {
  const text = value?.trim();
  if (!text) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Staff read the audit log; the rows are written by route-kit's AuditTrail, never here. */
export class AuditService {
  constructor(private readonly log: AuditLog) {}

  async find(query: AuditQuery, page: Page): Promise<Outcome<AuditRecord[], 'badTime'>> {
    const from = instantOf(query.from);
    const to = instantOf(query.to);
    if (from === null || to === null) return refuse('badTime');
    const filter: AuditFilter = {
      ...(query.actor?.trim() ? { actor: query.actor.trim() } : {}),
      ...(query.action?.trim() ? { action: query.action.trim() } : {}),
      ...(query.object?.trim() ? { object: query.object.trim() } : {}),
      ...(query.kind === 'read' || query.kind === 'write' ? { kind: query.kind } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    };
    const { rows, total } = await this.log.find(filter, page);
    return done(rows, total);
  }
}
