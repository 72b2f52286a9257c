import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { KyStaffApi } from '../adapters/ky/ky-staff-api.adapter';
import { messageOfAnswer } from '../domain/accounts/validation';
import { pagedListMachine } from '../domain/staff/paged-list.machine';
import { serviceLoginMachine, type GateAnswer } from '../domain/staff/service-login.machine';
import type { AuditFilter, AuditRow, Lead, LeadKind, PendingRegistration, ServiceMachine } from '../domain/staff/staff-records';
import { isStaffUser } from '../domain/staff/staff-role';
import { AccountsApiToken, SessionStoreToken, StaffApiToken } from '../ports/tokens';
import { StaffMachinesToken, type StaffMachines } from '../ui/staff/staff-machines';

/** The staff area's bindings (issue 19): the staff calls, the service page's login gate and the console's lists. */
export const staffModule = new ContainerModule(({ bind }) => {
  bind(StaffApiToken).to(KyStaffApi).inSingletonScope();
  bind(StaffMachinesToken)
    .toDynamicValue((context): StaffMachines => {
      const api = context.get(StaffApiToken);
      const accounts = context.get(AccountsApiToken);
      const session = context.get(SessionStoreToken);
      return {
        serviceLogin: serviceLoginMachine.provide({
          actors: {
            // The login is the portal's own: the session keeps the token, sent as the header of the machine calls (spec 3).
            login: fromPromise(async ({ input, signal }): Promise<GateAnswer> => {
              const answer = await accounts.login({ account: input.account, password: input.password }, signal);
              if (answer.kind !== 'signed-in') {
                // A known refusal is the accounts area's message key (the view translates it); the server's text as it came otherwise.
                const message = messageOfAnswer(answer);
                return { kind: 'refused', message: message && 'key' in message ? message.key : (message?.text ?? '') };
              }
              session.saveLogin(answer.user as Parameters<typeof session.saveLogin>[0]);
              return { kind: 'signed-in', isStaff: isStaffUser(answer.user as Record<string, unknown>) };
            }),
          },
        }),
        machines: pagedListMachine<ServiceMachine, string>().provide({
          actors: { load: fromPromise(({ input, signal }) => api.machines(input.filter, { offset: input.offset, size: input.size }, signal)) },
        }),
        registrations: pagedListMachine<PendingRegistration, null>().provide({
          actors: { load: fromPromise(({ signal }) => api.pendingRegistrations(signal)) },
        }),
        leads: pagedListMachine<Lead, LeadKind>().provide({
          actors: { load: fromPromise(({ input, signal }) => api.leads(input.filter, { offset: input.offset, size: input.size }, signal)) },
        }),
        audit: pagedListMachine<AuditRow, AuditFilter>().provide({
          actors: { load: fromPromise(({ input, signal }) => api.auditLog(input.filter, { offset: input.offset, size: input.size }, signal)) },
        }),
      };
    })
    .inSingletonScope();
});
