import { ContainerModule } from 'inversify';
import { KyHomeApi } from '../adapters/ky/ky-home-api.adapter';
import { HomeApiToken } from '../ports/tokens';

/** The landing page's bindings: the Home controller calls (the contact form) over the portal HTTP port; releases come from the software module. */
export const camModule = new ContainerModule((options) => {
  options.bind(HomeApiToken).to(KyHomeApi).inSingletonScope();
});
