import type { Envelope } from '../domain/shared/envelope';
import type { AreaOption, AreaSeltype, RegistrationPayload } from '../domain/accounts/registration.machine';

export type { RegistrationPayload } from '../domain/accounts/registration.machine';

/** What `api/Login/UserLogin` returns in ReturnData (the stored `user`). */
export interface LoginUser {
  UserId: string;
  Token: string;
  Url: string;
  Account: string;
  RealName: string;
  Email: string;
  Mobile: string;
  IsDomestic: string;
  IsStaff: number;
  [field: string]: unknown;
}

/** An area of the registration cascade; `countryname` is in the requested language. */
export type AreaItem = AreaOption;

/** The accounts calls of spec 1 section 7 (Login and User controllers). */
export interface AccountsApiPort {
  login(body: { Account: string; Password: string; Email?: string }, signal?: AbortSignal): Promise<Envelope<LoginUser>>;
  logout(signal?: AbortSignal): Promise<Envelope<null>>;
  /** The caller's own profile; answers 401 when the token is no longer valid. */
  getUserInfo(signal?: AbortSignal): Promise<Envelope<Omit<LoginUser, 'Token'>>>;
  /** Asks the server to mail a code; ReturnData is the seconds until a resend is allowed. */
  requestEmailCode(email: string, signal?: AbortSignal): Promise<Envelope<number>>;
  requestMobileCode(mobile: string, signal?: AbortSignal): Promise<Envelope<number>>;
  getUserEmail(email: string, signal?: AbortSignal): Promise<Envelope<unknown[] | string>>;
  getAreaData(
    seltype: AreaSeltype,
    fid: number,
    lang: 'zh' | 'en',
    signal?: AbortSignal,
  ): Promise<Envelope<AreaItem[] | string>>;
  saveUser(payload: RegistrationPayload, signal?: AbortSignal): Promise<Envelope<null>>;
  saveEmailErrorUser(payload: RegistrationPayload, signal?: AbortSignal): Promise<Envelope<null>>;
  passwordReset(
    body: { Account: string; Code: string; Password: string; ConfirmPassword: string },
    signal?: AbortSignal,
  ): Promise<Envelope<null>>;
  getAllowUsers(account: string, signal?: AbortSignal): Promise<Envelope<unknown[]>>;
  allowSave(body: { Account: string; Email: string; Password: string; EmailCode: string }, signal?: AbortSignal): Promise<Envelope<string>>;
}
