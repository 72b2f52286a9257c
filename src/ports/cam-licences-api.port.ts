import type { ConfirmAnswer, ExchangeAnswer, ExchangeRequest, LicencesAnswer } from '../domain/cam/cam-page.machine';

/**
 * The CAM page's calls in domain terms: the caller's licences and standing, the account
 * confirmation of internal-domain users, and the points exchange. A call rejects only when no
 * answer arrived (the HTTP adapter has shown the network or timeout dialog).
 */
export interface CamLicencesApiPort {
  loadLicences(signal?: AbortSignal): Promise<LicencesAnswer>;
  confirmAccount(form: { realName: string; account: string }, signal?: AbortSignal): Promise<ConfirmAnswer>;
  exchange(request: ExchangeRequest, signal?: AbortSignal): Promise<ExchangeAnswer>;
}
