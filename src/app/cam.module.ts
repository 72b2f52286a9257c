import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { KyHomeApi } from '../adapters/ky/ky-home-api.adapter';
import { latestReleaseMachine } from '../domain/cam/latest-release.machine';
import { contactRequestMachine } from '../domain/shared/contact-request.machine';
import { HomeApiToken, SoftwareApiToken } from '../ports/api-tokens';
import { LandingMachinesToken, type LandingMachines } from '../ui/landing/landing-machines';

/** The landing page's bindings: the Home controller calls (the contact form) and its machines; releases come from the software module's port. */
export const camModule = new ContainerModule((options) => {
  options.bind(HomeApiToken).to(KyHomeApi).inSingletonScope();
  options
    .bind(LandingMachinesToken)
    .toDynamicValue((context): LandingMachines => {
      const software = context.get(SoftwareApiToken);
      const home = context.get(HomeApiToken);
      return {
        latestRelease: latestReleaseMachine.provide({
          actors: { loadReleases: fromPromise(({ input, signal }) => software.getLatestRelease(input.productType, input.lang, signal)) },
        }),
        contactRequest: contactRequestMachine.provide({
          actors: { submit: fromPromise(({ input, signal }) => home.saveContact(input, signal)) },
        }),
      };
    })
    .inSingletonScope();
});
