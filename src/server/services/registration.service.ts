import { isEmail, isPhone, normaliseContact, PASSWORD_MIN_LENGTH } from '../../domain/shared/contact-patterns';
import { NO_DATA, type Envelope } from '../../domain/shared/envelope';
import type { PasswordHasherPort, SessionRepository, UserRepository } from '../../ports/accounts-store.port';
import type { Clock } from './clock';
import { fail, ok } from './service-result';
import { CODE_VERDICT_INFO, type VerificationCodeService } from './verification-code.service';

/** The registration payload of spec 1 section 3 as the server reads it. */
export interface RegistrationInput {
  Account?: string;
  RealName?: string;
  Mobile?: string;
  Email?: string;
  FullPathId?: string;
  FullPathName?: string;
  Address?: string;
  Password?: string;
  IsDomestic?: string;
  CreateOrigin?: string;
  EmailCode?: string;
  MobileCode?: string;
}

/** Creates accounts (with a code, or pending manual review), resets passwords and binds CAM e-mails. */
export class RegistrationService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly hasher: PasswordHasherPort,
    private readonly codes: VerificationCodeService,
    private readonly clock: Clock,
  ) {}

  /** SaveUser (`withCode`) or SaveEmailErrorUser (manual review, no code). */
  async register(input: RegistrationInput, withCode: boolean): Promise<Envelope> {
    const email = (input.Email ?? '').trim();
    const mobile = (input.Mobile ?? '').trim();
    const byEmail = email !== '';
    const invalid = checkRegistration(input, email, mobile);
    if (invalid) return fail(400, invalid);
    const emailKey = byEmail ? normaliseContact(email) : null;
    if (emailKey && (await this.users.findByEmail(emailKey))) return fail(400, 'The email has been registered');
    const account = byEmail ? emailKey! : normaliseContact(mobile);
    if (await this.users.findByAccount(account)) return fail(400, 'The account has been registered');
    if (withCode) {
      const code = (byEmail ? input.EmailCode : input.MobileCode) ?? '';
      if (!code.trim()) return fail(400, 'Verification code error!');
      const verdict = await this.codes.verify(account, code);
      if (verdict !== 'accepted') return fail(400, CODE_VERDICT_INFO[verdict]);
    }
    const created = await this.users.create({
      account,
      email: emailKey,
      mobile: mobile ? normaliseContact(mobile) : null,
      realName: (input.RealName ?? '').trim(),
      address: (input.Address ?? '').trim(),
      fullPathId: input.FullPathId ?? '',
      fullPathName: input.FullPathName ?? '',
      isDomestic: input.IsDomestic === '1' ? 1 : 0,
      createOrigin: input.CreateOrigin ?? '0',
      passwordHash: await this.hasher.hash(input.Password!),
      status: withCode ? 'active' : 'pending_review',
      isStaff: false,
    });
    if (!created) return fail(400, 'The account has been registered');
    return withCode
      ? ok(null, 'register success')
      : ok(null, 'Submitted, the service team will review your registration and contact you');
  }

  /** GetUserEmail: a non-empty list means the e-mail is taken. */
  async emailTaken(email: string): Promise<Envelope> {
    const user = await this.users.findByEmail(normaliseContact(email));
    return user ? ok([{ Email: user.email }]) : ok(NO_DATA, NO_DATA);
  }

  async resetPassword(input: { Account: string; Code: string; Password: string; ConfirmPassword: string }): Promise<Envelope> {
    if (input.Password !== input.ConfirmPassword) return fail(400, 'The passwords entered twice are inconsistent');
    if (input.Password.length < PASSWORD_MIN_LENGTH) return fail(400, passwordTooShort());
    const account = normaliseContact(input.Account);
    // The code is checked first, so the answer says nothing about which accounts exist to someone without it.
    const verdict = await this.codes.verify(account, input.Code);
    if (verdict !== 'accepted') return fail(400, CODE_VERDICT_INFO[verdict]);
    const user = (await this.users.findByAccount(account)) ?? (await this.users.findByEmail(account));
    if (!user) return fail(400, 'No account uses this e-mail or phone');
    await this.users.setPassword(user.id, await this.hasher.hash(input.Password));
    await this.sessions.revokeAllOf(user.id, this.clock.now());
    return ok(null, 'Modified Successfully');
  }

  /** GetAllowUsers: whether an account exists and already has a CAM e-mail, nothing more. */
  async allowUsers(accountInput: string): Promise<Envelope> {
    const user = await this.users.findByAccount(normaliseContact(accountInput));
    if (!user) return ok(NO_DATA, NO_DATA);
    return ok([{ Account: user.account, HasCamEmail: user.camEmail ? 1 : 0 }]);
  }

  /** AllowSave: binds an e-mail for CAM use; needs the account's password and a code sent to that e-mail. */
  async allowSave(input: { Account: string; Email: string; Password: string; EmailCode: string }): Promise<Envelope> {
    if (!isEmail(input.Email.trim())) return fail(400, 'Please enter the correct email format');
    const user = await this.users.findByAccount(normaliseContact(input.Account));
    if (!user || !(await this.hasher.verify(input.Password, user.passwordHash))) {
      return fail(400, 'Incorrect account or password');
    }
    const verdict = await this.codes.verify(input.Email, input.EmailCode);
    if (verdict !== 'accepted') return fail(400, CODE_VERDICT_INFO[verdict]);
    await this.users.setCamEmail(user.id, normaliseContact(input.Email));
    return ok('Binding successful!', 'Binding successful!');
  }
}

/** The server's copy of the registration checks, in the order of spec 1 section 5 (the code comes after). */
function checkRegistration(input: RegistrationInput, email: string, mobile: string): string | null {
  if (!email && !mobile) return 'Email or phone cannot be empty';
  if (!input.Password) return 'Password cannot be empty';
  if (!(input.Address ?? '').trim()) return 'Address cannot be empty';
  if (email && !isEmail(email)) return 'Please enter the correct email format';
  if (mobile && !isPhone(mobile)) return 'Please enter the correct phone format';
  if (input.Password.length < PASSWORD_MIN_LENGTH) return passwordTooShort();
  return null;
}

const passwordTooShort = () => `The password must have at least ${PASSWORD_MIN_LENGTH} characters`;
