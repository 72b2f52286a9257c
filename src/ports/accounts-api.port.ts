import type { AreaOption, AreaQuery } from '../domain/accounts/area-cascade.machine';
import type { CamBindAnswer, CamBindingRequest } from '../domain/accounts/cam-binding.machine';
import type { LoginAnswer } from '../domain/accounts/login.machine';
import type { PasswordResetRequest, ResetAnswer } from '../domain/accounts/password-reset.machine';
import type { EmailLookup, RegistrationPayload, SaveAnswer } from '../domain/accounts/registration.machine';
import type { CodeAnswer, LoginInput } from '../domain/accounts/validation';
import type { Refused } from '../domain/shared/refused';
import type { StoredUser } from './session-store.port';

/** The caller's profile as the server has it now; an expired login is the blocking dialog's to tell. */
export type ProfileAnswer = { kind: 'profile'; user: StoredUser } | Refused;

/**
 * The accounts calls of spec 1 section 7 (Login and User controllers), answered in domain terms.
 * A call rejects only when no answer arrived (the HTTP adapter has shown the network or timeout dialog).
 */
export interface AccountsApiPort {
  login(input: LoginInput, signal?: AbortSignal): Promise<LoginAnswer>;
  /** Ends the session on the server; whatever it answers, the browser forgets the session. */
  logout(signal?: AbortSignal): Promise<void>;
  /** The caller's own profile. */
  getUserInfo(signal?: AbortSignal): Promise<ProfileAnswer>;
  /** A code by mail (channel 'email') or by SMS ('phone'); the answer says how long until another may be asked for. */
  requestCode(channel: 'email' | 'phone', contact: string, signal?: AbortSignal): Promise<CodeAnswer>;
  /** Rule 8 of registration: is the e-mail someone's already? */
  lookUpEmail(email: string, signal?: AbortSignal): Promise<EmailLookup>;
  /** The areas of a level of the cascade; none when the server has none or refuses. */
  getAreas(query: AreaQuery, signal?: AbortSignal): Promise<AreaOption[]>;
  /** Registers with the code (SaveUser). */
  register(payload: RegistrationPayload, signal?: AbortSignal): Promise<SaveAnswer>;
  /** Registers for manual review without a code (SaveEmailErrorUser). */
  registerForReview(payload: RegistrationPayload, signal?: AbortSignal): Promise<SaveAnswer>;
  resetPassword(request: PasswordResetRequest, signal?: AbortSignal): Promise<ResetAnswer>;
  /** Binds an e-mail for CAM use after a Chinese registration (AllowSave). */
  bindCamEmail(request: CamBindingRequest, signal?: AbortSignal): Promise<CamBindAnswer>;
}
