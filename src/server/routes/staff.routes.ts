import * as Staff from '../../contract/staff';
import type { AuditRecord } from '../../ports/audit-log.port';
import { mapData } from '../services/outcome';
import type { AuditService } from '../services/audit.service';
import { defineRoute, pageOf, type ApiRoute } from '../route-kit';

const auditView = (r: AuditRecord) => ({
  Id: r.id,
  Time: r.at.toISOString(),
  ActorId: r.actorId,
  Actor: r.actorAccount,
  Action: r.action,
  Kind: r.kind,
  Object: r.object ?? '',
  Result: r.result,
  Request: r.request ?? null,
  Before: r.before ?? null,
  After: r.after ?? null,
  RequestId: r.requestId,
  Ip: r.ip,
});

/** The staff console's own calls (issue 19). Reading the log is a staff call too, so it is logged. */
export function staffRoutes(deps: { audit: AuditService }): ApiRoute[] {
  return [
    defineRoute({
      call: Staff.GetAuditLog,
      access: 'staff',
      audit: 'read',
      handle: async ({ body }) =>
        mapData(
          await deps.audit.find({ actor: body.Actor, action: body.Action, object: body.Object, kind: body.Kind, from: body.From, to: body.To }, pageOf(body)),
          (rows) => rows.map(auditView),
        ),
    }),
  ];
}
