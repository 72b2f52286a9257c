import * as Company from '../../contract/company';
import type { InvitationRecord } from '../../ports/company-store.port';
import { done, mapData } from '../outcome';
import { defineRoute, type ApiRoute, type CallContext } from '../route-kit';
import type { CompanyService } from '../services/company.service';

const invitationWire = (i: InvitationRecord) => ({ Id: i.id, Email: i.email, Role: i.role, CreateTime: i.createdAt.toISOString(), ExpireTime: i.expiresAt.toISOString() });
const traceOf = ({ request }: Pick<CallContext<unknown>, 'request'>) => ({ requestId: String(request.id), ip: request.ip });

/** Company accounts (issue 37, ADR 0030): companies, switching, members, roles and invitations. */
export function companyRoutes(deps: { companies: CompanyService }): ApiRoute[] {
  const { companies } = deps;
  return [
    defineRoute({
      call: Company.GetCompanies,
      access: 'customer',
      needs: 'self',
      handle: async ({ caller }) =>
        mapData(await companies.companies(caller!), (list) => list.map((c) => ({ CompanyId: c.companyId, Name: c.name, OwnerName: c.ownerName, Role: c.role, Current: c.current }))),
    }),
    defineRoute({ call: Company.RenameCompany, access: 'customer', needs: 'ownership', handle: (ctx) => companies.rename(ctx.caller!, ctx.body.Name, traceOf(ctx)) }),
    defineRoute({ call: Company.SwitchCompany, access: 'customer', needs: 'self', handle: (ctx) => companies.switchTo(ctx.caller!, ctx.body.CompanyId, traceOf(ctx)) }),
    defineRoute({
      call: Company.GetMembers,
      access: 'customer',
      needs: 'read',
      handle: async ({ caller }) =>
        mapData(await companies.members(caller!), (list) =>
          list.map((m) => ({ MemberId: m.userId, Name: m.realName, Account: m.email ?? m.account, Role: m.role, JoinTime: m.joinedAt.toISOString(), IsMe: m.userId === caller!.userId })),
        ),
    }),
    defineRoute({
      call: Company.InviteMember,
      access: 'customer',
      needs: 'members',
      rateLimit: { max: 30, timeWindow: 60 * 60_000 },
      handle: async (ctx) =>
        mapData(await companies.invite(ctx.caller!, { email: ctx.body.Email, role: ctx.body.Role, language: ctx.body.lang === 'en' ? 'en' : 'zh' }, traceOf(ctx)), invitationWire),
    }),
    defineRoute({ call: Company.GetInvitations, access: 'customer', needs: 'members', handle: async ({ caller }) => mapData(await companies.invitations(caller!), (list) => list.map(invitationWire)) }),
    defineRoute({ call: Company.RevokeInvitation, access: 'customer', needs: 'members', handle: (ctx) => companies.revokeInvitation(ctx.caller!, ctx.body.Id, traceOf(ctx)) }),
    defineRoute({
      call: Company.AcceptInvitation,
      access: 'customer',
      needs: 'self',
      // The code is a secret sent by mail: guessing is limited, on top of its 192 random bits.
      rateLimit: { max: 20, timeWindow: 10 * 60_000 },
      handle: async (ctx) => mapData(await companies.accept(ctx.caller!, ctx.body.Code, traceOf(ctx)), (j) => ({ CompanyId: j.companyId, Role: j.role })),
    }),
    defineRoute({ call: Company.SetMemberRole, access: 'customer', needs: 'members', handle: (ctx) => companies.setRole(ctx.caller!, ctx.body.MemberId, ctx.body.Role, traceOf(ctx)) }),
    defineRoute({ call: Company.RemoveMember, access: 'customer', needs: 'members', handle: (ctx) => companies.remove(ctx.caller!, ctx.body.MemberId, traceOf(ctx)) }),
    defineRoute({ call: Company.LeaveCompany, access: 'customer', needs: 'self', handle: (ctx) => companies.leave(ctx.caller!, traceOf(ctx)) }),
  ];
}
