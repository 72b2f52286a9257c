import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { KyCamLicencesApi } from '../adapters/ky/ky-cam-licences-api.adapter';
import { camPageMachine } from '../domain/cam/cam-page.machine';
import { softwareDownloadMachine } from '../domain/cam/software-download.machine';
import { CamLicencesApiToken, SoftwareApiToken } from '../ports/api-tokens';
import { CamMachinesToken, type CamMachines } from '../ui/cam/cam-machines';

/** The CAM page's bindings (/index/cam): the licence calls and its machines; releases and download records come from the software port. */
export const camPageModule = new ContainerModule((options) => {
  options.bind(CamLicencesApiToken).to(KyCamLicencesApi).inSingletonScope();
  options
    .bind(CamMachinesToken)
    .toDynamicValue((context): CamMachines => {
      const api = context.get(CamLicencesApiToken);
      const software = context.get(SoftwareApiToken);
      return {
        camPage: camPageMachine.provide({
          actors: {
            loadLicences: fromPromise(({ signal }) => api.loadLicences(signal)),
            confirm: fromPromise(({ input, signal }) => api.confirmAccount(input, signal)),
            exchange: fromPromise(({ input, signal }) => api.exchange(input, signal)),
          },
        }),
        softwareDownload: softwareDownloadMachine.provide({
          actors: {
            loadReleases: fromPromise(({ input, signal }) => software.getLatestRelease(input.productType, input.lang, signal)),
            recordDownload: fromPromise(({ input, signal }) =>
              input.isVisitor ? software.allowInsertDownload(input.camEdition, signal) : software.insertDownload(input.camEdition, signal),
            ),
          },
        }),
      };
    })
    .inSingletonScope();
});
