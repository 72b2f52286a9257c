import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { readCallAnswer } from '../adapters/ky/call-answer.reader';
import * as Company from '../contract/company';
import type { DataOf } from '../contract/call';
import { allows } from '../domain/companies/company-roles';
import { companyPageMachine, type Invitation, type Member } from '../domain/companies/company-page.machine';
import { companySwitcherMachine, currentCompany, type CompanyChoice } from '../domain/companies/company-switcher.machine';
import { invitationMachine } from '../domain/companies/invitation.machine';
import { refused } from '../domain/shared/refused';
import { PortalHttpToken } from '../ports/api-tokens';
import { CompaniesMachinesToken, type CompaniesMachines } from '../ui/companies/companies-machines';
import { callActor } from './call-actor';

const choiceOf = (c: DataOf<typeof Company.GetCompanies>[number]): CompanyChoice => ({ companyId: c.CompanyId, name: c.Name, ownerName: c.OwnerName, role: c.Role, current: c.Current });
const invitationOf = (i: DataOf<typeof Company.GetInvitations>[number]): Invitation => ({ id: i.Id, email: i.Email, role: i.Role, sentAt: i.CreateTime, expiresAt: i.ExpireTime });

/** The company accounts' bindings (issue 37): the avatar menu's switcher, the company page and the invitation page, their calls from the contract. */
export const companiesModule = new ContainerModule((options) => {
  options
    .bind(CompaniesMachinesToken)
    .toDynamicValue((context): CompaniesMachines => {
      const http = context.get(PortalHttpToken);
      const read = async <C extends Parameters<typeof readCallAnswer>[0]>(call: C, body: unknown, signal: AbortSignal) => readCallAnswer(call, await http.call(call, body as never, signal, { quiet: true }));
      const companies = callActor(http, Company.GetCompanies, () => ({}), (wire) => wire.map(choiceOf));
      return {
        switcher: companySwitcherMachine.provide({
          actors: { load: companies, switchTo: callActor(http, Company.SwitchCompany, (input: { companyId: string }) => ({ CompanyId: input.companyId })) },
        }),
        page: companyPageMachine.provide({
          actors: {
            // The company and its members at once; its invitations only for those who may see them.
            load: fromPromise(async ({ signal }) => {
              const [list, members] = await Promise.all([read(Company.GetCompanies, {}, signal), read(Company.GetMembers, {}, signal)]);
              if (list.kind !== 'done') return list.kind === 'refused' ? list : refused('');
              if (members.kind !== 'done') return members.kind === 'refused' ? members : refused('');
              const company = currentCompany(list.data.map(choiceOf));
              if (!company) return refused('');
              let invitations: Invitation[] = [];
              if (allows(company.role, 'members')) {
                const open = await read(Company.GetInvitations, {}, signal);
                if (open.kind === 'done') invitations = open.data.map(invitationOf);
              }
              const memberList = members.data.map((m): Member => ({ memberId: m.MemberId, name: m.Name, account: m.Account, role: m.Role, joinedAt: m.JoinTime, isMe: m.IsMe }));
              return { kind: 'done' as const, data: { company, members: memberList, invitations } };
            }),
            invite: callActor(http, Company.InviteMember, (input: { draft: { email: string; role: Member['role'] }; language: 'zh' | 'en' }) => ({ Email: input.draft.email, Role: input.draft.role, lang: input.language }), invitationOf),
            revoke: callActor(http, Company.RevokeInvitation, (input: { id: string }) => ({ Id: input.id })),
            setRole: callActor(http, Company.SetMemberRole, (input: { memberId: string; role: Member['role'] }) => ({ MemberId: input.memberId, Role: input.role })),
            remove: callActor(http, Company.RemoveMember, (input: { memberId: string }) => ({ MemberId: input.memberId })),
            leave: callActor(http, Company.LeaveCompany, () => ({})),
            rename: callActor(http, Company.RenameCompany, (input: { name: string }) => ({ Name: input.name })),
          },
        }),
        invitation: invitationMachine.provide({
          actors: {
            // Joined, the company is named from the person's list (the acceptance answers its id and role).
            accept: fromPromise(async ({ input, signal }: { input: { code: string }; signal: AbortSignal }) => {
              const joined = await read(Company.AcceptInvitation, { Code: input.code }, signal);
              if (joined.kind !== 'done') return joined;
              const list = await read(Company.GetCompanies, {}, signal);
              const named = list.kind === 'done' ? list.data.map(choiceOf).find((c) => c.companyId === joined.data.CompanyId) : undefined;
              return { kind: 'done' as const, data: named ?? { companyId: joined.data.CompanyId, name: '', ownerName: '', role: joined.data.Role, current: true } };
            }),
          },
        }),
      };
    })
    .inSingletonScope();
});
