import { inject, injectable } from 'inversify';
import type { CamCustomerPayload } from '../../domain/cam/information-form.machine';
import type { CamProductType, CamRelease } from '../../domain/cam/software-catalog';
import type { WarrantyMachineType, WarrantyRule } from '../../domain/cam/warranty-policy.machine';
import type { Envelope } from '../../domain/shared/envelope';
import type { PortalHttpPort } from '../../ports/portal-http.port';
import type { SoftwareApiPort } from '../../ports/software-api.port';
import { PortalHttpToken } from '../../ports/tokens';

// The information form shows the server's refusal next to the form, so that call does not also toast.
const QUIET = { quiet: true } as const;

/** SoftwareApiPort over the portal HTTP port: the Cam and WarrantyRule calls of the software and service pages. */
@injectable()
export class KySoftwareApi implements SoftwareApiPort {
  constructor(@inject(PortalHttpToken) private readonly http: PortalHttpPort) {}

  getReleases(productType: CamProductType, lang: 'zh' | 'en', signal?: AbortSignal): Promise<Envelope<CamRelease[] | string>> {
    // An empty list is an answer the page shows (ReturnMsg), not an error toast.
    return this.http.call<CamRelease[] | string>('api/Cam/GetCamAssistant', { ProductType: productType, lang }, signal, QUIET);
  }

  insertDownload(camEdition: CamRelease['id'], signal?: AbortSignal): Promise<Envelope<unknown>> {
    return this.http.call<unknown>('api/Cam/InsertDownload', { CamEdition: camEdition }, signal);
  }

  allowInsertDownload(camEdition: CamRelease['id'], signal?: AbortSignal): Promise<Envelope<unknown>> {
    return this.http.call<unknown>('api/Cam/AllowInsertDownload', { CamEdition: camEdition }, signal);
  }

  saveCamCustomer(body: CamCustomerPayload, signal?: AbortSignal): Promise<Envelope<unknown>> {
    return this.http.call<unknown>('api/Cam/SaveCamCustomer', body, signal, QUIET);
  }

  getWarrantyRules(machineType: WarrantyMachineType, lang: 'zh' | 'en', signal?: AbortSignal): Promise<Envelope<WarrantyRule[] | string>> {
    return this.http.call<WarrantyRule[] | string>('api/WarrantyRule/GetList', { MachineType: machineType, lang }, signal, QUIET);
  }
}
