import { inject, injectable } from 'inversify';
import type { Envelope } from '../../domain/shared/envelope';
import type { AccountsApiPort, AreaItem, LoginUser, RegistrationPayload } from '../../ports/accounts-api.port';
import type { PortalHttpPort } from '../../ports/portal-http.port';
import { PortalHttpToken } from '../../ports/tokens';

// The accounts forms show the server's answer inline, in the user's language where the
// text is known, so these calls do not also raise a toast. Dialogs (expiry, network,
// timeout) still come from the HTTP adapter.
const QUIET = { quiet: true } as const;

/** AccountsApiPort over the portal HTTP port: the Login and User calls of spec 1 section 7. */
@injectable()
export class KyAccountsApi implements AccountsApiPort {
  constructor(@inject(PortalHttpToken) private readonly http: PortalHttpPort) {}

  login(body: { Account: string; Password: string; Email?: string }, signal?: AbortSignal): Promise<Envelope<LoginUser>> {
    return this.http.call<LoginUser>('api/Login/UserLogin', body, signal, QUIET);
  }

  getUserInfo(signal?: AbortSignal): Promise<Envelope<Omit<LoginUser, 'Token'>>> {
    return this.http.call<Omit<LoginUser, 'Token'>>('api/User/GetUserInfo', {}, signal, QUIET);
  }

  logout(signal?: AbortSignal): Promise<Envelope<null>> {
    return this.http.call<null>('api/Login/UserLogout', {}, signal, QUIET);
  }

  requestEmailCode(email: string, signal?: AbortSignal): Promise<Envelope<number>> {
    return this.http.call<number>('api/User/RegisterEmlie', { Email: email }, signal, QUIET);
  }

  requestMobileCode(mobile: string, signal?: AbortSignal): Promise<Envelope<number>> {
    return this.http.call<number>('api/User/RegisterMobile', { Mobile: mobile }, signal, QUIET);
  }

  getUserEmail(email: string, signal?: AbortSignal): Promise<Envelope<unknown[] | string>> {
    return this.http.call<unknown[] | string>('api/User/GetUserEmail', { Email: email }, signal, QUIET);
  }

  getAreaData(
    seltype: '1' | '2' | '3' | '4',
    fid: number,
    lang: 'zh' | 'en',
    signal?: AbortSignal,
  ): Promise<Envelope<AreaItem[] | string>> {
    return this.http.call<AreaItem[] | string>('api/User/GetAreaData', { seltype, fid, lang }, signal, QUIET);
  }

  saveUser(payload: RegistrationPayload, signal?: AbortSignal): Promise<Envelope<null>> {
    return this.http.call<null>('api/User/SaveUser', payload, signal, QUIET);
  }

  saveEmailErrorUser(payload: RegistrationPayload, signal?: AbortSignal): Promise<Envelope<null>> {
    // Manual review: never send a code, whatever the caller left in the payload.
    const { EmailCode: _email, MobileCode: _mobile, ...withoutCode } = payload;
    return this.http.call<null>('api/User/SaveEmailErrorUser', withoutCode, signal, QUIET);
  }

  passwordReset(
    body: { Account: string; Code: string; Password: string; ConfirmPassword: string },
    signal?: AbortSignal,
  ): Promise<Envelope<null>> {
    return this.http.call<null>('api/User/PasswordReset', body, signal, QUIET);
  }

  getAllowUsers(account: string, signal?: AbortSignal): Promise<Envelope<unknown[]>> {
    return this.http.call<unknown[]>('api/User/GetAllowUsers', { Account: account }, signal);
  }

  allowSave(
    body: { Account: string; Email: string; Password: string; EmailCode: string },
    signal?: AbortSignal,
  ): Promise<Envelope<string>> {
    return this.http.call<string>('api/User/AllowSave', body, signal, QUIET);
  }
}
