import type { ServiceIdentifier } from 'inversify';
import type { pagedListMachine } from '../../domain/staff/paged-list.machine';
import type { serviceLoginMachine } from '../../domain/staff/service-login.machine';
import type { AuditFilter, AuditRow, Lead, LeadKind, PendingRegistration, ServiceMachine } from '../../domain/staff/staff-records';
import { useService } from '../common/services-context';

/** The staff screens' machines, ready to run: app/staff.module.ts provides their calls. */
export interface StaffMachines {
  /** The service page's login gate (the screen gives it the mode's check). */
  serviceLogin: typeof serviceLoginMachine;
  machines: ReturnType<typeof pagedListMachine<ServiceMachine, string>>;
  registrations: ReturnType<typeof pagedListMachine<PendingRegistration, null>>;
  audit: ReturnType<typeof pagedListMachine<AuditRow, AuditFilter>>;
  leads: ReturnType<typeof pagedListMachine<Lead, LeadKind>>;
}

export const StaffMachinesToken: ServiceIdentifier<StaffMachines> = Symbol.for('StaffMachines');

export const useStaffMachines = (): StaffMachines => useService(StaffMachinesToken);
