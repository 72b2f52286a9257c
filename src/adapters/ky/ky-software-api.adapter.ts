import { inject, injectable } from 'inversify';
import * as Cam from '../../contract/cam';
import { isSuccess, listOf, NO_DATA, type Envelope } from '../../contract/envelope';
import * as WarrantyRules from '../../contract/warranty-rule';
import type { CamCustomer } from '../../domain/cam/cam-customer-form';
import type { CamProductType, CamRelease, LatestReleaseAnswer } from '../../domain/cam/software-catalog';
import type { DownloadAnswer } from '../../domain/cam/software-download.machine';
import type { WarrantyAnswer, WarrantyMachineType, WarrantyRule } from '../../domain/cam/warranty-policy.machine';
import type { SubmitAnswer } from '../../domain/shared/form-submit.machine';
import { refused } from '../../domain/shared/refused';
import type { PortalHttpPort } from '../../ports/portal-http.port';
import type { SoftwareApiPort } from '../../ports/software-api.port';
import { PortalHttpToken } from '../../ports/api-tokens';

// The pages show these answers themselves (no release yet, no policy, the form's refusal next to
// the form), so those calls do not also toast. A refused download record does toast.
const QUIET = { quiet: true } as const;

/** SoftwareApiPort over the portal HTTP port: the Cam and WarrantyRule calls, their answers read into domain terms. */
@injectable()
export class KySoftwareApi implements SoftwareApiPort {
  constructor(@inject(PortalHttpToken) private readonly http: PortalHttpPort) {}

  async getLatestRelease(productType: CamProductType, lang: 'zh' | 'en', signal?: AbortSignal): Promise<LatestReleaseAnswer> {
    return latestReleaseOf(await this.http.call(Cam.GetCamAssistant, { ProductType: productType, lang }, signal, QUIET));
  }

  async insertDownload(camEdition: CamRelease['id'], signal?: AbortSignal): Promise<DownloadAnswer> {
    return recordOf(await this.http.call(Cam.InsertDownload, { CamEdition: String(camEdition) }, signal));
  }

  async allowInsertDownload(camEdition: CamRelease['id'], signal?: AbortSignal): Promise<DownloadAnswer> {
    return recordOf(await this.http.call(Cam.AllowInsertDownload, { CamEdition: String(camEdition) }, signal));
  }

  async saveCamCustomer(customer: CamCustomer, signal?: AbortSignal): Promise<SubmitAnswer> {
    const body = { UserName: customer.userName, Phone: customer.phone, Email: customer.email, CompanyName: customer.companyName, Address: customer.address };
    const answer = await this.http.call(Cam.SaveCamCustomer, body, signal, QUIET);
    return isSuccess(answer) ? { kind: 'accepted' } : refused(answer.info);
  }

  async getWarrantyRule(machineType: WarrantyMachineType, lang: 'zh' | 'en', signal?: AbortSignal): Promise<WarrantyAnswer> {
    return warrantyOf(await this.http.call(WarrantyRules.GetList, { MachineType: machineType, lang }, signal, QUIET));
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

const isRelease = (value: unknown): value is CamRelease =>
  isObject(value) && typeof value.versionnumber === 'string' && value.versionnumber.trim() !== '';

/** The fields of a listed release the pages use. */
const releaseOf = ({ id, filename, type, versionnumber, createtime, remark, fileurl }: CamRelease): CamRelease => ({
  id,
  filename,
  type,
  versionnumber,
  createtime,
  remark,
  fileurl,
});

/**
 * A `GetCamAssistant` answer: the first release listed is the newest; an empty list or the no-data
 * marker is "none" with the answer's ReturnMsg (spec 1 section 8), else its marker or info.
 */
function latestReleaseOf(answer: Envelope<unknown>): LatestReleaseAnswer {
  if (!isSuccess(answer)) return refused(answer.info || '');
  const first = listOf(answer.ReturnData as unknown[] | string | undefined).find(isRelease);
  if (first) return { kind: 'release', release: releaseOf(first) };
  const message = [answer.ReturnMsg, typeof answer.ReturnData === 'string' ? answer.ReturnData : undefined, answer.info]
    .map((text) => (typeof text === 'string' ? text.trim() : ''))
    .find((text) => text !== '');
  return { kind: 'none', message: message ?? NO_DATA };
}

const recordOf = (answer: Envelope<unknown>): DownloadAnswer => (isSuccess(answer) ? { kind: 'recorded' } : refused(answer.info));

/** A `WarrantyRule/GetList` answer: the first rule listed, or what the server said (ReturnMsg, else info). */
function warrantyOf(answer: Envelope<unknown>): WarrantyAnswer {
  const first = isSuccess(answer) ? listOf(answer.ReturnData as unknown[] | string | undefined)[0] : undefined;
  if (isObject(first)) {
    const { Id, MachineType, Title, WarrantyScope, NotWarrantyScope, ServiceProcess } = first as unknown as WarrantyRule;
    return { kind: 'rule', rule: { Id, MachineType, Title, WarrantyScope, NotWarrantyScope, ServiceProcess } };
  }
  const message = answer.ReturnMsg || answer.info || '';
  return isSuccess(answer) ? { kind: 'none', message } : refused(message);
}
