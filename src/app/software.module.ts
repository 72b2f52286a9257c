import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { KySoftwareApi } from '../adapters/ky/ky-software-api.adapter';
import { informationFormMachine } from '../domain/cam/information-form.machine';
import { softwareDownloadMachine } from '../domain/cam/software-download.machine';
import { warrantyPolicyMachine } from '../domain/cam/warranty-policy.machine';
import { SoftwareApiToken } from '../ports/api-tokens';
import { ServicePagesMachinesToken, type ServicePagesMachines } from '../ui/service-pages/service-pages-machines';
import { SoftwareMachinesToken, type SoftwareMachines } from '../ui/software/software-machines';

/** The software and service pages' bindings: releases, download records, the CAM customer form, warranty rules, and their machines. */
export const softwareModule = new ContainerModule((options) => {
  options.bind(SoftwareApiToken).to(KySoftwareApi).inSingletonScope();
  options
    .bind(SoftwareMachinesToken)
    .toDynamicValue((context): SoftwareMachines => {
      const api = context.get(SoftwareApiToken);
      return {
        softwareDownload: softwareDownloadMachine.provide({
          actors: {
            loadReleases: fromPromise(({ input, signal }) => api.getLatestRelease(input.productType, input.lang, signal)),
            recordDownload: fromPromise(({ input, signal }) =>
              input.isVisitor ? api.allowInsertDownload(input.camEdition, signal) : api.insertDownload(input.camEdition, signal),
            ),
          },
        }),
        informationForm: informationFormMachine.provide({
          actors: { submit: fromPromise(({ input, signal }) => api.saveCamCustomer(input, signal)) },
        }),
      };
    })
    .inSingletonScope();
  options
    .bind(ServicePagesMachinesToken)
    .toDynamicValue(
      (context): ServicePagesMachines => {
        const api = context.get(SoftwareApiToken);
        return {
          warrantyPolicy: warrantyPolicyMachine.provide({
            actors: { loadRule: fromPromise(({ input, signal }) => api.getWarrantyRule(input.machineType, input.lang, signal)) },
          }),
        };
      },
    )
    .inSingletonScope();
});
