import * as Staff from '../../contract/staff';
import type { StaffCompanyRow } from '../../ports/company-admin.port';
import { forTheLog } from '../audit-trail';
import { mapData } from '../outcome';
import { defineRoute, pageOf, type ApiRoute } from '../route-kit';
import type { StaffCompanyService } from '../services/staff-company.service';

const companyWire = (c: StaffCompanyRow) => ({
  CompanyId: c.companyId,
  Name: c.name,
  OwnerName: c.ownerName,
  OwnerAccount: c.ownerAccount,
  Members: c.members,
  Machines: c.machines,
  CreateTime: c.createdAt.toISOString(),
});

/** The staff console's companies tab (issue 37 item 5): every company, one company's members and machines, a machine moved between companies. */
export function staffCompanyRoutes(deps: { staffCompanies: StaffCompanyService }): ApiRoute[] {
  const { staffCompanies } = deps;
  return [
    defineRoute({
      call: Staff.GetCompanies,
      access: 'staff',
      audit: 'read',
      handle: async ({ body }) => mapData(await staffCompanies.list(body.Search ?? '', pageOf(body)), (rows) => rows.map(companyWire)),
    }),
    defineRoute({
      call: Staff.GetCompany,
      access: 'staff',
      audit: 'read',
      handle: async ({ body }) =>
        mapData(await staffCompanies.company(body.CompanyId), (c) => ({
          ...companyWire(c),
          MemberList: c.memberList.map((m) => ({ MemberId: m.userId, Name: m.realName, Account: m.email ?? m.account, Role: m.role, JoinTime: m.joinedAt.toISOString() })),
          MachineList: c.machineList.map((m) => ({ EquipmentId: m.equipmentId, OrderNumber: m.orderNumber, Name: m.name, SeriesName: m.seriesName, Kind: m.kind, BoundTime: m.boundAt?.toISOString() ?? '' })),
        })),
    }),
    defineRoute({
      call: Staff.MoveMachine,
      access: 'staff',
      // A move's row is written in its transaction, naming the machine and both companies; the trail writes a refusal's.
      audit: { object: (body) => `machine:${String(body.OrderNumber ?? '').trim()}`, inTransaction: true },
      handle: async ({ body, caller, request }) =>
        mapData(
          await staffCompanies.moveMachine(
            { orderNumber: body.OrderNumber, fromCompanyId: body.FromCompanyId, toCompanyId: body.ToCompanyId },
            caller!.userId,
            { requestId: String(request.id ?? ''), ip: request.ip ?? '', request: forTheLog(body) },
          ),
          (m) => ({ OrderNumber: m.orderNumber, EquipmentId: m.equipmentId, Name: m.name, FromCompanyId: m.fromCompanyId, ToCompanyId: m.toCompanyId }),
        ),
    }),
  ];
}
