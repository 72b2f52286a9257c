import { contactProblem, passwordResetProblem, registrationProblem, type PasswordResetEntry, type RegistrationProblem } from '../../domain/accounts/account-rules';
import { normaliseContact, PASSWORD_MIN_LENGTH } from '../../domain/shared/contact-patterns';
import type { NewUser, PasswordHasherPort, UserRecord, UserRepository } from '../../ports/accounts-store.port';
import type { UnitOfWork } from '../../ports/unit-of-work.port';
import type { Clock } from '../../ports/clock.port';
import { done, refuse, type Outcome, type Refused } from '../outcome';
import type { PasswordRefusal, SessionService } from './session.service';
import { codeRefusalOf, type CodeRefusal, type VerificationCodeService } from './verification-code.service';

/** A registration as the server receives it (spec 1 section 3's payload, every field optional but the password). */
export interface RegistrationRequest {
  account?: string;
  realName?: string;
  mobile?: string;
  email?: string;
  fullPathId?: string;
  fullPathName?: string;
  address?: string;
  password: string;
  /** '1' for a Chinese-language registration. */
  isDomestic?: string;
  createOrigin?: string;
  /** The code sent to the e-mail (e-mail path) or the phone; absent for manual review. */
  emailCode?: string;
  mobileCode?: string;
}

type RegistrationRefusal = Exclude<RegistrationProblem, 'passwordMismatch'> | 'emailTaken' | 'accountTaken';

/** The values the password-length refusal names. */
const TOO_SHORT = { min: PASSWORD_MIN_LENGTH };

/** A rule's problem as a refusal (the length refusal names the minimum). */
function refusalOf<R extends string>(problem: R): Refused<R> {
  return problem === 'passwordTooShort' ? refuse(problem, TOO_SHORT) : refuse(problem);
}

/**
 * Creates accounts (with a code, or pending manual review), resets passwords and binds CAM e-mails.
 * Each of them writes through one unit of work (ADR 0027): the code's use, the removal of unproven
 * holders, the new account, the new password and the end of the sessions commit together or not at
 * all. Passwords are hashed before it opens, so the hasher's queue never holds a pooled connection.
 */
export class RegistrationService {
  constructor(
    /** Reads outside a unit of work: who holds an address, the account a binding names. */
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasherPort,
    private readonly codes: VerificationCodeService,
    private readonly clock: Clock,
    /** The one password check, with its throttle (issue 21, item 4). */
    private readonly passwords: Pick<SessionService, 'checkPassword'>,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** SaveUser (with the code). */
  register(input: RegistrationRequest): Promise<Outcome<null, RegistrationRefusal | CodeRefusal>> {
    return this.create(input, true);
  }

  /** SaveEmailErrorUser: no code; the account waits for review by staff. */
  registerForReview(input: RegistrationRequest): Promise<Outcome<null, RegistrationRefusal>> {
    return this.create(input, false) as Promise<Outcome<null, RegistrationRefusal>>;
  }

  private async create(input: RegistrationRequest, withCode: boolean): Promise<Outcome<null, RegistrationRefusal | CodeRefusal>> {
    const email = (input.email ?? '').trim();
    const mobile = (input.mobile ?? '').trim();
    // The registration payload carries no confirmation: the mismatch rule is the browser's alone here.
    const problem = registrationProblem({ email, mobile, password: input.password, address: input.address ?? '' });
    if (problem) return refusalOf(problem as RegistrationRefusal);
    const byEmail = email !== '';
    const emailKey = byEmail ? normaliseContact(email) : null;
    const account = byEmail ? emailKey! : normaliseContact(mobile);
    const holderOfEmail = emailKey ? await this.users.findByEmail(emailKey) : null;
    const holderOfAccount = await this.users.findByAccount(account);
    // An account that never proved its address (a manual review, pending or rejected) yields to
    // someone who proves it with a code (issue 21, item 5): nobody can squat an e-mail by review.
    const yields = (user: UserRecord | null) => withCode && user !== null && user.status !== 'active';
    if (holderOfEmail && !yields(holderOfEmail)) return refuse('emailTaken');
    if (holderOfAccount && !yields(holderOfAccount)) return refuse('accountTaken');
    const code = withCode ? ((byEmail ? input.emailCode : input.mobileCode) ?? '') : '';
    if (withCode && !code.trim()) return refuse('codeWrong');
    const user: NewUser = {
      account,
      email: emailKey,
      mobile: mobile ? normaliseContact(mobile) : null,
      realName: (input.realName ?? '').trim(),
      address: (input.address ?? '').trim(),
      fullPathId: input.fullPathId ?? '',
      fullPathName: input.fullPathName ?? '',
      isDomestic: input.isDomestic === '1' ? 1 : 0,
      createOrigin: input.createOrigin ?? '0',
      passwordHash: await this.hasher.hash(input.password),
      status: withCode ? 'active' : 'pending_review',
      isStaff: false,
    };
    // A refusal commits too: a wrong try still counts towards the code's lock.
    return this.unitOfWork.run<Outcome<null, RegistrationRefusal | CodeRefusal>>(async ({ codes, users }) => {
      if (withCode) {
        const refused = codeRefusalOf(await this.codes.verify(account, code, codes));
        if (refused) return refuse(refused);
      }
      for (const unproven of new Set([holderOfEmail, holderOfAccount])) if (unproven) await users.removeUnproven(unproven.id);
      const created = await users.create(user);
      return created ? done(null) : refuse('accountTaken');
    });
  }

  /**
   * GetUserEmail: the user the e-mail belongs to, if any (a non-empty list means taken). An account
   * that never proved the address does not count: its owner may still register with a code (item 5).
   */
  async emailTaken(email: string): Promise<Outcome<UserRecord[]>> {
    const user = await this.users.findByEmail(normaliseContact(email));
    return done(user && user.status === 'active' ? [user] : []);
  }

  /** PasswordReset: the code sent to the account, then the new password; every session of the account ends. */
  async resetPassword(
    input: PasswordResetEntry,
  ): Promise<Outcome<null, 'accountRequired' | 'passwordRequired' | 'passwordTooShort' | 'passwordMismatch' | 'noAccount' | CodeRefusal>> {
    switch (passwordResetProblem(input)) {
      case null:
        break;
      case 'codeRequired':
        return refuse('codeMissing');
      // The wire has no text of its own for an empty confirmation: it differs from the password.
      case 'confirmationRequired':
      case 'passwordMismatch':
        return refuse('passwordMismatch');
      case 'passwordTooShort':
        return refusalOf('passwordTooShort');
      case 'accountRequired':
        return refuse('accountRequired');
      case 'passwordRequired':
        return refuse('passwordRequired');
    }
    const account = normaliseContact(input.account);
    const passwordHash = await this.hasher.hash(input.password);
    return this.unitOfWork.run<Outcome<null, 'noAccount' | CodeRefusal>>(async ({ codes, users, sessions }) => {
      // The code is checked first, so the answer says nothing about which accounts exist to someone without it.
      const refused = codeRefusalOf(await this.codes.verify(account, input.code, codes));
      if (refused) return refuse(refused);
      const user = (await users.findByAccount(account)) ?? (await users.findByEmail(account));
      if (!user) return refuse('noAccount');
      await users.setPassword(user.id, passwordHash);
      await sessions.revokeAllOf(user.id, this.clock.now());
      return done(null);
    });
  }

  /** GetAllowUsers: whether an account exists and already has a CAM e-mail, nothing more. */
  async allowUsers(accountInput: string): Promise<Outcome<UserRecord[]>> {
    const user = await this.users.findByAccount(normaliseContact(accountInput));
    return done(user ? [user] : []);
  }

  /** AllowSave: binds an e-mail for CAM use; needs the account's password and a code sent to that e-mail. */
  async allowSave(input: {
    account: string;
    email: string;
    password: string;
    code: string;
    address: string;
  }): Promise<Outcome<null, 'emailFormat' | PasswordRefusal | CodeRefusal>> {
    // An empty e-mail is no e-mail either: one refusal for both.
    if (contactProblem('email', input.email)) return refuse('emailFormat');
    // The password goes through the login's throttle and answers as the login does (issue 21, item 4).
    const checked = await this.passwords.checkPassword({ account: input.account, password: input.password, address: input.address });
    if (!checked.ok) return checked;
    const user = checked.data;
    return this.unitOfWork.run<Outcome<null, CodeRefusal>>(async ({ codes, users }) => {
      const refused = codeRefusalOf(await this.codes.verify(input.email, input.code, codes));
      if (refused) return refuse(refused);
      await users.setCamEmail(user.id, normaliseContact(input.email));
      return done(null);
    });
  }
}
