import type { ServiceIdentifier } from 'inversify';
import type { latestReleaseMachine } from '../../domain/cam/latest-release.machine';
import type { contactRequestMachine } from '../../domain/shared/contact-request.machine';
import { useService } from '../common/services-context';

/** The landing page's machines, ready to run once the app's services are there: app/cam.module.ts provides their calls. */
export interface LandingMachines {
  /** One CAM card's newest release. */
  latestRelease: typeof latestReleaseMachine;
  contactRequest: typeof contactRequestMachine;
}

export const LandingMachinesToken: ServiceIdentifier<LandingMachines> = Symbol.for('LandingMachines');

/** The landing page's ready machines; only once `useServicesLoaded()` says the services are there. */
export const useLandingMachines = (): LandingMachines => useService(LandingMachinesToken);
