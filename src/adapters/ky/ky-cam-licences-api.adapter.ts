import { inject, injectable } from 'inversify';
import * as Cam from '../../contract/cam';
import { isRefusal } from '../../contract/call';
import { isSuccess, listOf, type Envelope } from '../../contract/envelope';
import type { CamStanding, ConfirmAnswer, ExchangeAnswer, ExchangeRefusalReason, ExchangeRequest, LicencesAnswer, LicenceView } from '../../domain/cam/cam-page.machine';
import { refused } from '../../domain/shared/refused';
import type { CamLicencesApiPort } from '../../ports/cam-licences-api.port';
import type { PortalHttpPort } from '../../ports/portal-http.port';
import { PortalHttpToken } from '../../ports/api-tokens';

// The page words every refusal in the user's language itself, so these calls do not toast the server's text.
const QUIET = { quiet: true } as const;

const ms = (seconds: unknown): number => (typeof seconds === 'number' && Number.isFinite(seconds) ? seconds * 1000 : 0);
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** One listed licence in domain terms (epoch seconds to milliseconds). */
export function licenceOf(row: Record<string, unknown>): LicenceView {
  const product = row.product === 'nest' || row.product === 'nestTube' ? row.product : '';
  return {
    licenceNo: String(row.licenseId ?? ''),
    offerId: Number(row.offerId ?? 0),
    product,
    startTime: ms(row.startTime),
    endTime: ms(row.endTime),
    expiredTime: ms(row.expiredTime),
    firstUseTime: typeof row.firstUseTime === 'number' && row.firstUseTime > 0 ? row.firstUseTime * 1000 : null,
    creationTime: ms(row.creationtime),
    version: String(row.version ?? ''),
    email: String(row.useremail ?? ''),
    isOldUser: row.IsOldUser === 1,
  };
}

/** ReturnType of the licence list: the caller's standing. */
export function standingOf(value: unknown): CamStanding {
  const r = isObject(value) ? value : {};
  return {
    access: { oldUser: r.IsOldUser === 1, internal: r.IsInternal === 1, confirmed: r.Confirmed === 1, hasEmail: r.HasEmail === 1 },
    points: typeof r.Points === 'number' ? r.Points : 0,
    cost: typeof r.Cost === 'number' ? r.Cost : 0,
    now: typeof r.Now === 'number' ? r.Now * 1000 : Date.now(),
  };
}

const REASONS = Object.keys(Cam.OldUserPointExchange.refusals).filter((r) => r !== 'noUser') as Exclude<ExchangeRefusalReason, 'other'>[];

/** Which named refusal an exchange answer is. */
export function exchangeReasonOf(answer: Pick<Envelope, 'code' | 'info'>): ExchangeRefusalReason {
  return REASONS.find((r) => isRefusal(answer, Cam.OldUserPointExchange.refusals[r])) ?? 'other';
}

/** CamLicencesApiPort over the portal HTTP port. */
@injectable()
export class KyCamLicencesApi implements CamLicencesApiPort {
  constructor(@inject(PortalHttpToken) private readonly http: PortalHttpPort) {}

  async loadLicences(signal?: AbortSignal): Promise<LicencesAnswer> {
    const answer = await this.http.call(Cam.USERWEBgetuserdogPageList, {}, signal);
    if (!isSuccess(answer)) return refused(answer.info);
    const rows = listOf(answer.ReturnData as unknown as Record<string, unknown>[] | string).filter(isObject);
    return { kind: 'loaded', licences: rows.map(licenceOf), standing: standingOf(answer.ReturnType) };
  }

  async confirmAccount(form: { realName: string; account: string }, signal?: AbortSignal): Promise<ConfirmAnswer> {
    const answer = await this.http.call(Cam.IsProductUser, { RealName: form.realName, Account: form.account }, signal, QUIET);
    return isSuccess(answer) ? { kind: 'confirmed' } : refused(answer.info);
  }

  async exchange(request: ExchangeRequest, signal?: AbortSignal): Promise<ExchangeAnswer> {
    const answer = await this.http.call(Cam.OldUserPointExchange, { LicenseId: request.licenceNo, IdempotencyKey: request.key }, signal, QUIET);
    if (isSuccess(answer) && isObject(answer.ReturnData)) {
      const d = answer.ReturnData;
      return { kind: 'exchanged', licenceNo: String(d.licenseId), expiredTime: ms(d.expiredTime), points: Number(d.Points) };
    }
    return { kind: 'refused', reason: exchangeReasonOf(answer), message: answer.info };
  }
}
