import { inject, injectable } from 'inversify';
import { isRefusal, type CallContract } from '../../contract/call';
import { isLoginExpired, isSuccess, listOf, type Envelope } from '../../contract/envelope';
import * as Login from '../../contract/login';
import * as User from '../../contract/user';
import type { AreaOption, AreaQuery } from '../../domain/accounts/area-cascade.machine';
import type { CamBindAnswer, CamBindingRequest } from '../../domain/accounts/cam-binding.machine';
import type { LoginAnswer } from '../../domain/accounts/login.machine';
import type { PasswordResetRequest, ResetAnswer } from '../../domain/accounts/password-reset.machine';
import type { EmailLookup, RegistrationPayload, SaveAnswer } from '../../domain/accounts/registration.machine';
import {
  knownRefusal,
  resendSeconds,
  type AccountsProblem,
  type AccountsRefusal,
  type CodeAnswer,
  type LoginInput,
} from '../../domain/accounts/validation';
import { isEmail } from '../../domain/shared/contact-patterns';
import { refused } from '../../domain/shared/refused';
import type { AccountsApiPort, ProfileAnswer } from '../../ports/accounts-api.port';
import type { PortalHttpPort } from '../../ports/portal-http.port';
import { PortalHttpToken } from '../../ports/api-tokens';

// The accounts forms show the server's answer inline, in the user's language where the
// refusal is known, so these calls do not also raise a toast. Dialogs (expiry, network,
// timeout) still come from the HTTP adapter.
const QUIET = { quiet: true } as const;

/** Refusals the forms say in the user's language, by the name the contracts give them; any other shows the server's words. */
const KNOWN_REFUSALS: ReadonlyArray<readonly [string, AccountsProblem]> = [
  ['accountRequired', 'accountRequired'],
  ['passwordRequired', 'passwordRequired'],
  ['codeWrong', 'codeError'],
  ['codeMissing', 'codeExpired'],
  ['emailTaken', 'emailTaken'],
  // The password throttle (issue 21, item 3): the login form shows the code field on proofRequired.
  ['wrongCredentials', 'wrongCredentials'],
  ['proofRequired', 'proofRequired'],
  ['proofWrong', 'codeError'],
];

/** A refusal of `call` in domain terms. */
function refusalOf(call: CallContract, answer: Pick<Envelope, 'code' | 'info'>): AccountsRefusal {
  for (const [name, problem] of KNOWN_REFUSALS) {
    const text = call.refusals[name];
    if (text && isRefusal(answer, text)) return knownRefusal(problem);
  }
  return refused(answer.info);
}

/** UserLogin's body: an account that looks like an e-mail is also sent as Email (spec 1 section 5); the mailed code as Code once asked for. */
export function loginBody(input: LoginInput): { Account: string; Password: string; Email?: string; Code?: string } {
  const account = input.account.trim();
  const body = isEmail(account) ? { Account: account, Password: input.password, Email: account } : { Account: account, Password: input.password };
  return input.code ? { ...body, Code: input.code } : body;
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** AccountsApiPort over the portal HTTP port: the Login and User calls of spec 1 section 7, their answers read into domain terms. */
@injectable()
export class KyAccountsApi implements AccountsApiPort {
  constructor(@inject(PortalHttpToken) private readonly http: PortalHttpPort) {}

  async login(input: LoginInput, signal?: AbortSignal): Promise<LoginAnswer> {
    const answer = await this.http.call(Login.UserLogin, loginBody(input), signal, QUIET);
    const user = answer.ReturnData;
    if (isSuccess(answer) && isRecord(user) && typeof user.Token === 'string') return { kind: 'signed-in', user };
    // The throttle's wait (any 429 of the login means "wait"), said in the page's language.
    if (isRefusal(answer, Login.UserLogin.refusals.tooSoon)) return knownRefusal('tooSoon');
    return refusalOf(Login.UserLogin, answer);
  }

  async logout(signal?: AbortSignal): Promise<void> {
    await this.http.call(Login.UserLogout, {}, signal, QUIET);
  }

  async getUserInfo(signal?: AbortSignal): Promise<ProfileAnswer> {
    const answer = await this.http.call(User.GetUserInfo, {}, signal, QUIET);
    if (isSuccess(answer) && isRecord(answer.ReturnData)) return { kind: 'profile', user: answer.ReturnData };
    // An expired login is the blocking dialog's to tell.
    return refused(isLoginExpired(answer) ? '' : answer.info);
  }

  async requestCode(channel: 'email' | 'phone', contact: string, signal?: AbortSignal): Promise<CodeAnswer> {
    const [call, answer] =
      channel === 'email'
        ? [User.RegisterEmlie, await this.http.call(User.RegisterEmlie, { Email: contact }, signal, QUIET)]
        : [User.RegisterMobile, await this.http.call(User.RegisterMobile, { Mobile: contact }, signal, QUIET)];
    // ReturnData is the seconds until another code may be asked for (never the code: DECISIONS 2).
    if (isSuccess(answer)) return { kind: 'sent', waitSeconds: resendSeconds(answer.ReturnData) };
    return refusalOf(call, answer);
  }

  async lookUpEmail(email: string, signal?: AbortSignal): Promise<EmailLookup> {
    const answer = await this.http.call(User.GetUserEmail, { Email: email }, signal, QUIET);
    // A non-empty list means taken; the no-data marker (or anything else) means free.
    return listOf(answer.ReturnData).length > 0 ? { kind: 'taken' } : { kind: 'free' };
  }

  async getAreas(query: AreaQuery, signal?: AbortSignal): Promise<AreaOption[]> {
    const body = { seltype: User.AREA_SELTYPES[query.level], fid: query.parentId, lang: query.language };
    const answer = await this.http.call(User.GetAreaData, body, signal, QUIET);
    return isSuccess(answer) ? listOf(answer.ReturnData) : [];
  }

  async register(payload: RegistrationPayload, signal?: AbortSignal): Promise<SaveAnswer> {
    const answer = await this.http.call(User.SaveUser, { ...payload }, signal, QUIET);
    return isSuccess(answer) ? { kind: 'saved' } : refusalOf(User.SaveUser, answer);
  }

  async registerForReview(payload: RegistrationPayload, signal?: AbortSignal): Promise<SaveAnswer> {
    // Manual review: never send a code, whatever the caller left in the payload.
    const { EmailCode: _email, MobileCode: _mobile, ...withoutCode } = payload;
    const answer = await this.http.call(User.SaveEmailErrorUser, withoutCode, signal, QUIET);
    return isSuccess(answer) ? { kind: 'saved' } : refusalOf(User.SaveEmailErrorUser, answer);
  }

  async resetPassword(request: PasswordResetRequest, signal?: AbortSignal): Promise<ResetAnswer> {
    const body = { Account: request.account, Code: request.code, Password: request.password, ConfirmPassword: request.confirmation };
    const answer = await this.http.call(User.PasswordReset, body, signal, QUIET);
    return isSuccess(answer) ? { kind: 'reset' } : refusalOf(User.PasswordReset, answer);
  }

  async bindCamEmail(request: CamBindingRequest, signal?: AbortSignal): Promise<CamBindAnswer> {
    const body = { Account: request.account, Email: request.email, Password: request.password, EmailCode: request.code };
    const answer = await this.http.call(User.AllowSave, body, signal, QUIET);
    return isSuccess(answer) ? { kind: 'bound' } : refusalOf(User.AllowSave, answer);
  }
}
