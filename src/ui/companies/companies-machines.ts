import type { ServiceIdentifier } from 'inversify';
import type { companyPageMachine } from '../../domain/companies/company-page.machine';
import type { companySwitcherMachine } from '../../domain/companies/company-switcher.machine';
import type { invitationMachine } from '../../domain/companies/invitation.machine';
import { useService } from '../common/services-context';

/** The company accounts' machines, ready to run: app/companies.module.ts provides their calls. */
export interface CompaniesMachines {
  switcher: typeof companySwitcherMachine;
  page: typeof companyPageMachine;
  invitation: typeof invitationMachine;
}

export const CompaniesMachinesToken: ServiceIdentifier<CompaniesMachines> = Symbol.for('CompaniesMachines');

export const useCompaniesMachines = (): CompaniesMachines => useService(CompaniesMachinesToken);
