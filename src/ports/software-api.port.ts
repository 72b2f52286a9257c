import type { CamCustomer } from '../domain/cam/cam-customer-form';
import type { CamProductType, CamRelease, LatestReleaseAnswer } from '../domain/cam/software-catalog';
import type { DownloadAnswer } from '../domain/cam/software-download.machine';
import type { WarrantyAnswer, WarrantyMachineType } from '../domain/cam/warranty-policy.machine';
import type { SubmitAnswer } from '../domain/shared/form-submit.machine';

/**
 * The calls of the software pages, the landing page's CAM cards and the service pages, answered in
 * domain terms: a product's newest release, the download records (users and visitors), the CAM
 * customer form, and a machine type's warranty policy. A call rejects only when no answer arrived
 * (the HTTP adapter has shown the network or timeout dialog).
 */
export interface SoftwareApiPort {
  /** The newest release of one product, or the server's message when it has none yet (notes in `lang`). */
  getLatestRelease(productType: CamProductType, lang: 'zh' | 'en', signal?: AbortSignal): Promise<LatestReleaseAnswer>;
  /** Records a logged-in user's download of a release. */
  insertDownload(camEdition: CamRelease['id'], signal?: AbortSignal): Promise<DownloadAnswer>;
  /** Records a visitor's download of a release. */
  allowInsertDownload(camEdition: CamRelease['id'], signal?: AbortSignal): Promise<DownloadAnswer>;
  /** Keeps the information form as a CAM customer lead. */
  saveCamCustomer(customer: CamCustomer, signal?: AbortSignal): Promise<SubmitAnswer>;
  /** The warranty policy of one machine type (the first rule listed), in `lang`. */
  getWarrantyRule(machineType: WarrantyMachineType, lang: 'zh' | 'en', signal?: AbortSignal): Promise<WarrantyAnswer>;
}
