import type { CamCustomerPayload } from '../domain/cam/information-form.machine';
import type { CamProductType, CamRelease } from '../domain/cam/software-catalog';
import type { WarrantyMachineType, WarrantyRule } from '../domain/cam/warranty-policy.machine';
import type { Envelope } from '../domain/shared/envelope';

/**
 * The calls of the software pages and service pages: releases (`GetCamAssistant`), the download
 * records (`InsertDownload` for users, `AllowInsertDownload` for visitors), the CAM customer form
 * (`SaveCamCustomer`) and the warranty policy (`WarrantyRule/GetList`).
 */
export interface SoftwareApiPort {
  /** Releases of one product, newest first; `暂无数据` with `ReturnMsg` when there is none. */
  getReleases(productType: CamProductType, lang: 'zh' | 'en', signal?: AbortSignal): Promise<Envelope<CamRelease[] | string>>;
  /** Records a logged-in user's download of a release. */
  insertDownload(camEdition: CamRelease['id'], signal?: AbortSignal): Promise<Envelope<unknown>>;
  /** Records a visitor's download of a release. */
  allowInsertDownload(camEdition: CamRelease['id'], signal?: AbortSignal): Promise<Envelope<unknown>>;
  saveCamCustomer(body: CamCustomerPayload, signal?: AbortSignal): Promise<Envelope<unknown>>;
  /** The warranty rules of one machine type; the first item is shown. */
  getWarrantyRules(machineType: WarrantyMachineType, lang: 'zh' | 'en', signal?: AbortSignal): Promise<Envelope<WarrantyRule[] | string>>;
}
