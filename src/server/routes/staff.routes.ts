import * as Staff from '../../contract/staff';
import type { AuditRecord } from '../../ports/audit-log.port';
import { mapData } from '../outcome';
import type { AuditService } from '../services/audit.service';
import type { RepairService } from '../services/repair.service';
import type { MachineRegistryService } from '../services/machine-registry.service';
import type { RegistryRow } from '../../ports/machine-registry-admin.port';
import type { WorkOrderRecord } from '../../ports/customer-service.port';
import { emptyDetails, type RegistryEntryInput } from '../../domain/staff/registry-entry';
import type { BodyOf } from '../../contract/call';
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

const registryView = (r: RegistryRow) => ({
  OrderNumber: r.orderNumber,
  Name: r.name,
  SeriesName: r.seriesName,
  Model: r.model,
  LaserPower: r.laserPowerKw,
  DeliveryDay: r.deliveryTime ? r.deliveryTime.toISOString().slice(0, 10) : '',
  Details: r.details,
  EquipmentId: r.equipmentId,
  Owner: r.ownerAccount ?? '',
  BoundTime: r.boundAt ? r.boundAt.toISOString() : '',
});

const entryOf = (body: BodyOf<typeof Staff.AddRegistryMachine>): RegistryEntryInput => ({
  orderNumber: body.OrderNumber,
  name: body.Name,
  seriesName: body.SeriesName,
  model: body.Model ?? '',
  laserPowerKw: body.LaserPower ?? 0,
  deliveryDay: body.DeliveryDay ?? '',
  details: { ...emptyDetails(), ...(body.Details ?? {}) },
});

const workOrderView = (o: WorkOrderRecord & { account: string }) => ({
  EventNum: o.eventNum,
  OrderNumber: o.orderNumber,
  Account: o.account,
  Company: o.company,
  UserName: o.userName,
  Phone: o.phone,
  Email: o.email,
  Content: o.content,
  CreateTime: o.createdAt.toISOString(),
  Step: o.step,
  Note: o.note,
  UpdateTime: o.updatedAt.toISOString(),
  Source: o.source,
  CreatedByName: o.createdByName,
});

/** The staff console's own calls (issue 19). Reading the log is a staff call too, so it is logged. */
export function staffRoutes(deps: { audit: AuditService; registry: MachineRegistryService; repair: RepairService }): ApiRoute[] {
  const { registry } = deps;
  // Before and after of a registry change: the entry with its owner, as the log keeps it.
  const registryAudit = {
    object: (body: { OrderNumber?: unknown }) => `machine:${String(body.OrderNumber ?? '')}`,
    before: async (body: { OrderNumber?: unknown }) => {
      const row = await registry.state(body.OrderNumber);
      return row ? registryView(row) : null;
    },
  };
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
      defineRoute({
      call: Staff.GetRegistry,
      access: 'staff',
      audit: 'read',
      handle: async ({ body }) => mapData(await registry.list(body.Search ?? '', pageOf({ PrevPageNums: body.PrevPageNums, TopNums: body.TopNums ?? 10 })), (rows) => rows.map(registryView)),
    }),
    defineRoute({
      call: Staff.AddRegistryMachine,
      access: 'staff',
      audit: registryAudit,
      handle: async ({ body }) => mapData(await registry.add(entryOf(body)), registryView),
    }),
    defineRoute({
      call: Staff.EditRegistryMachine,
      access: 'staff',
      audit: registryAudit,
      handle: async ({ body }) => mapData(await registry.edit(entryOf(body)), registryView),
    }),
    defineRoute({
      call: Staff.UnbindMachine,
      access: 'staff',
      // The reason is in the request the row keeps; before names the former owner, after has none.
      audit: registryAudit,
      handle: async ({ body, caller }) => mapData(await registry.unbind(body.OrderNumber, body.Reason, caller!.userId), registryView),
    }),
    defineRoute({
      call: Staff.GetWorkOrders,
      access: 'staff',
      audit: 'read',
      handle: async ({ body }) =>
        mapData(
          await deps.repair.allOrders({ step: body.Step === 0 || body.Step === 1 || body.Step === 2 ? body.Step : null, search: body.Search ?? '', ...pageOf({ PrevPageNums: body.PrevPageNums, TopNums: body.TopNums ?? 20 }) }),
          (rows) => rows.map(workOrderView),
        ),
    }),
  ];
}
