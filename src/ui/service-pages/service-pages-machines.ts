import type { ServiceIdentifier } from 'inversify';
import type { warrantyPolicyMachine } from '../../domain/cam/warranty-policy.machine';
import { useService } from '../common/services-context';

/** The service pages' machines, ready to run: app/software.module.ts provides their calls. */
export interface ServicePagesMachines {
  warrantyPolicy: typeof warrantyPolicyMachine;
}

export const ServicePagesMachinesToken: ServiceIdentifier<ServicePagesMachines> = Symbol.for('ServicePagesMachines');

/** The service pages' ready machines. */
export const useServicePagesMachines = (): ServicePagesMachines => useService(ServicePagesMachinesToken);
