import type { FastifyRequest } from 'fastify';
import { wellFormed } from '../domain/shared/well-formed';
import { NO_DATA, SUCCESS, type Envelope } from '../contract/envelope';
import type { AuditLog } from '../ports/audit-log.port';
import type { Clock } from '../ports/clock.port';
import type { Caller } from './services/session.service';

/**
 * How a staff call writes its audit row (ARCHITECTURE "Staff calls are audited"). Every route
 * with access 'staff' declares one (defineRoute does not type-check without it, and registering
 * such a route without one throws); a route open to customers may declare one too, and then a
 * row is written when staff call it.
 *
 * - `'read'`: a call that changes nothing. The row names the call and what was asked (the body).
 * - `{ object, before?, after? }`: a call that may change something. `object` names what it acts
 *   on (`user:<id>`), from the body or, for a call that creates it, from the answer's data;
 *   `before` reads its state before the handler runs; `after` is its state afterwards (default:
 *   the answer's data).
 * - `{ object, inTransaction: true }`: a change whose row the service writes itself, in the
 *   transaction of the change (a machine moved between companies never commits without its row).
 *   The trail writes the row of a refusal or an error only; a success's row is the service's.
 */
export type Audit<B = any, D = any> =
  | 'read'
  | {
      object(body: B, data: D | undefined): string | null;
      before?(body: B): Promise<unknown>;
      /** May read the store (a promise). */
      after?(body: B, data: D | undefined): unknown;
      /** The service wrote the success's row in its own transaction (see above). */
      inTransaction?: boolean;
    };

/** What a route's handler answers, as far as the audit row needs it. */
type Answer = Envelope | { envelope: Envelope } | { contentType: string };

const envelopeIn = (answer: Answer): Envelope | null =>
  'contentType' in answer ? null : 'envelope' in answer && !('code' in answer) ? answer.envelope : (answer as Envelope);

/** Writes the audit rows of staff calls into the audit log. */
export class AuditTrail {
  constructor(
    private readonly log: AuditLog,
    private readonly clock: Clock,
  ) {}

  /** Runs a call's handler and writes its row: after the answer, or with `error` when the handler throws. */
  async around<A extends Answer>(action: string, audit: Audit, ctx: { body: unknown; caller: Caller; request: FastifyRequest }, run: () => Promise<A>): Promise<A> {
    const body = ctx.body ?? null;
    const before = audit !== 'read' && audit.before ? await audit.before(body) : null;
    const row = (result: string, object: string | null, after: unknown) =>
      this.log.append({
        at: this.clock.now(),
        actorId: ctx.caller.userId,
        action,
        kind: audit === 'read' ? 'read' : 'write',
        object,
        result,
        request: forTheLog(body),
        before: forTheLog(before ?? null),
        after: forTheLog(after ?? null),
        requestId: String(ctx.request.id ?? ''),
        ip: ctx.request.ip ?? '',
      });
    let answer: A;
    try {
      answer = await run();
    } catch (error) {
      await row('error', audit === 'read' ? null : safeObject(audit, body, undefined), null);
      throw error;
    }
    const envelope = envelopeIn(answer);
    const ok = !envelope || envelope.code === SUCCESS;
    const data = ok && envelope && envelope.ReturnData !== NO_DATA ? envelope.ReturnData : undefined;
    const result = ok ? 'done' : `${envelope!.code} ${envelope!.info}`;
    if (audit === 'read') await row(result, null, null);
    else if (ok && audit.inTransaction) return answer;
    else await row(result, safeObject(audit, body, data), ok ? await (audit.after ? audit.after(body, data) : data) : null);
    return answer;
  }
}

function safeObject(audit: Exclude<Audit, 'read'>, body: unknown, data: unknown): string | null {
  try {
    return audit.object(body, data) ?? null;
  } catch {
    return null;
  }
}

const SECRET_KEY = /password|token|secret|base64/i;
const LONGEST = 400;

/** A value as the log keeps it: secrets hidden, long texts shortened, depth and width bounded. */
export function forTheLog(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return shortened(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object' || depth > 6) return String(value).slice(0, LONGEST);
  if (Array.isArray(value)) {
    const kept = value.slice(0, 50).map((v) => forTheLog(v, depth + 1));
    return value.length > 50 ? [...kept, `… (${value.length} items)`] : kept;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value).slice(0, 100)) out[shortened(k)] = SECRET_KEY.test(k) ? '(hidden)' : forTheLog(v, depth + 1);
  return out;
}

/** jsonb takes no lone surrogate (a client may send one): they become U+FFFD. */
function shortened(text: string): string {
  return wellFormed(text.length > LONGEST ? `${text.slice(0, LONGEST)}… (${text.length} characters)` : text);
}
