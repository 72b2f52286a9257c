import { ContainerModule } from 'inversify';
import { KySoftwareApi } from '../adapters/ky/ky-software-api.adapter';
import { SoftwareApiToken } from '../ports/tokens';

/** The software and service pages' bindings: releases, download records, the CAM customer form, warranty rules. */
export const softwareModule = new ContainerModule((options) => {
  options.bind(SoftwareApiToken).to(KySoftwareApi).inSingletonScope();
});
