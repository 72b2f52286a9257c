import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { normaliseContact } from '../../domain/shared/contact-patterns';
import { loginProblem } from '../../domain/accounts/account-rules';
import {
  ACCOUNT_WINDOW_MS,
  accountKey,
  afterFailure,
  failureDelayMs,
  needsProof,
  pairKey,
  retryWaitMs,
} from '../../domain/accounts/login-throttle.policy';
import { isSessionLive, needsTouch, slideExpiry } from '../../domain/accounts/session.policy';
import type {
  LoginThrottleRepository,
  PasswordHasherPort,
  SessionRepository,
  UserRecord,
  UserRepository,
} from '../../ports/accounts-store.port';
import type { Clock } from '../../ports/clock.port';
import type { CompanyRole } from '../../domain/companies/company-roles';
import type { UnitOfWork } from '../../ports/unit-of-work.port';
import { done, refuse, type Outcome } from '../outcome';
import type { VerificationCodeService } from './verification-code.service';

/** The caller of a request, as the token says. */
export interface Caller {
  userId: string;
  isStaff: boolean;
  tokenHash: string;
  /** The company the caller works in now (ADR 0030): their own, whose id is their user id, unless they switched. */
  companyId: string;
  /** Their role in it; null when they are no longer its member (every company call is then refused). */
  role: CompanyRole | null;
}

/** A caller in their own company, as its owner: what every person is until they switch (seeds and tests make such callers). */
export const ownCompanyCaller = (userId: string, tokenHash = '', isStaff = false): Caller => ({ userId, isStaff, tokenHash, companyId: userId, role: 'owner' });

/** A login that went through: the user and the token of the new session. */
export interface SignedIn {
  user: UserRecord;
  token: string;
}

/** What a password check refuses: the same answer for a right and a wrong password while the throttle holds the account. */
export type PasswordRefusal = 'wrongCredentials' | 'tooSoon' | 'proofRequired' | 'proofWrong';

type LoginRefusal = 'accountRequired' | 'passwordRequired' | 'pendingReview' | 'rejected' | PasswordRefusal;

/** A password to check: the account it is for, the client's address, and the proof code when one was asked for. */
export interface PasswordAttempt {
  account: string;
  password: string;
  /** The client's address (request.ip, which honours TRUST_PROXY). */
  address: string;
  code?: string;
}

/** Live sessions one user may hold; a new login revokes the oldest beyond them (issue 21, item 9). */
export const MAX_SESSIONS_PER_USER = 20;
/** Revoked and expired session rows are kept this long (for support questions), then purged. */
export const SESSION_ROWS_KEPT_MS = 30 * 24 * 3600_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Logs users in and out, turns tokens into callers, and answers the caller's own profile. */
export class SessionService {
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly throttle: LoginThrottleRepository,
    private readonly hasher: PasswordHasherPort,
    private readonly clock: Clock,
    /** A login's new session and the revocation of those past the cap commit together (ADR 0027). */
    private readonly unitOfWork: UnitOfWork,
    private readonly delay: (ms: number) => Promise<unknown> = sleep,
    /** Sends the proof code after many failures; without it the proof cannot be asked for (tests of other areas). */
    private readonly codes: VerificationCodeService | null = null,
  ) {}

  /** UserLogin: the account (or the e-mail it was sent as too), the password, and the proof code when asked for. */
  async login(input: { account?: string; email?: string; password: string; address: string; code?: string }): Promise<Outcome<SignedIn, LoginRefusal>> {
    const accountInput = (input.account || input.email || '').trim();
    const { password } = input;
    const problem = loginProblem({ account: accountInput, password });
    if (problem) return refuse(problem);
    const checked = await this.checkPassword({ account: accountInput, password, address: input.address, code: input.code });
    if (!checked.ok) return checked;
    const user = checked.data;
    if (user.status === 'pending_review') return refuse('pendingReview');
    if (user.status === 'rejected') return refuse('rejected');
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashToken(token);
    const now = this.clock.now();
    await this.unitOfWork.run(async ({ sessions }) => {
      await sessions.create({ tokenHash, userId: user.id, createdAt: now, lastSeenAt: now, expiresAt: slideExpiry({ createdAt: now }, now), revokedAt: null });
      await sessions.revokeBeyondNewest(user.id, MAX_SESSIONS_PER_USER, now, tokenHash);
    });
    return done({ user, token });
  }

  /**
   * The one way a password is checked (login, AllowSave, and any later call that asks for the
   * current password): through the throttle of the account and the client's address, answering
   * alike for a right and a wrong password while the throttle holds them (issue 21, items 3, 4).
   */
  async checkPassword(attempt: PasswordAttempt): Promise<Outcome<UserRecord, PasswordRefusal>> {
    const account = normaliseContact(attempt.account);
    const pair = pairKey(account, attempt.address);
    const now = this.clock.now();
    const wait = retryWaitMs(await this.throttle.get(pair), now);
    if (wait > 0) return tooSoon(wait);
    const user = (await this.users.findByAccount(account)) ?? (await this.users.findByEmail(account));
    if (needsProof(await this.throttle.get(accountKey(account)), now)) {
      const proof = await this.proofOf(user, attempt.code);
      if (proof !== 'accepted') {
        if (proof === 'wrong') return this.failed(account, pair, 'proofWrong');
        return refuse('proofRequired');
      }
    }
    const valid = user
      ? await this.hasher.verify(attempt.password, user.passwordHash)
      : // Spend the same time on unknown accounts so answers do not reveal which accounts exist.
        await this.hasher.verify(attempt.password, await this.dummy());
    if (!user || !valid) return this.failed(account, pair, 'wrongCredentials');
    await this.throttle.clear(pair);
    await this.throttle.clear(accountKey(account));
    return done(user);
  }

  async logout(caller: Caller): Promise<Outcome<null>> {
    await this.sessions.revoke(caller.tokenHash, this.clock.now());
    return done(null);
  }

  /** GetUserInfo: the caller's own record. */
  async profile(userId: string): Promise<Outcome<UserRecord, 'noUser'>> {
    const user = await this.users.findById(userId);
    return user ? done(user) : refuse('noUser');
  }

  /** The caller behind a token, or null when the token is unknown, revoked or expired. */
  async authenticate(token: string): Promise<Caller | null> {
    const tokenHash = hashToken(token);
    const session = await this.sessions.findWithUser(tokenHash);
    const now = this.clock.now();
    if (!session || !isSessionLive(session, now) || session.userStatus !== 'active') return null;
    if (needsTouch(session, now)) await this.sessions.touch(tokenHash, now, slideExpiry(session, now));
    return { userId: session.userId, isStaff: session.isStaff, tokenHash, companyId: session.companyId, role: session.role };
  }

  /**
   * Deletes session rows revoked or expired more than 30 days ago, and failed-login counters no
   * throttle window still reads (the longest is the account's hour); run on a schedule (app.ts).
   */
  async purgeOldSessions(): Promise<number> {
    const now = this.clock.now().getTime();
    const [sessions] = await Promise.all([this.sessions.purge(new Date(now - SESSION_ROWS_KEPT_MS)), this.throttle.purge(new Date(now - ACCOUNT_WINDOW_MS))]);
    return sessions;
  }

  /** Which of these sessions (token hashes) are still live: the live connections' check (issue 21, item 2). */
  liveAmong(tokenHashes: readonly string[]): Promise<Set<string>> {
    return this.sessions.liveAmong(tokenHashes, this.clock.now());
  }

  /** Counts a failure for the pair and the account; answers `refusal` (this try's answer; the next may have to wait). */
  private async failed<R extends 'wrongCredentials' | 'proofWrong'>(account: string, pair: string, refusal: R): Promise<Outcome<never, R>> {
    const now = this.clock.now();
    const state = afterFailure(await this.throttle.get(pair), now);
    await this.throttle.put(pair, state);
    await this.throttle.put(accountKey(account), afterFailure(await this.throttle.get(accountKey(account)), now, ACCOUNT_WINDOW_MS));
    await this.delay(failureDelayMs(state));
    return refuse(refusal);
  }

  /**
   * The proof asked for after many failures: a code sent to the account's own e-mail (or phone).
   * No code, or one that is used up: a new one is sent (at most one a minute), for a known account only.
   */
  private async proofOf(user: UserRecord | null, code: string | undefined): Promise<'accepted' | 'wrong' | 'asked'> {
    const contact = user?.email ?? user?.mobile ?? null;
    if (code?.trim() && contact && this.codes) {
      const verdict = await this.codes.verify(contact, code);
      if (verdict === 'accepted') return 'accepted';
      if (verdict === 'wrong') return 'wrong';
    } else if (code?.trim()) {
      return 'wrong';
    }
    if (contact && this.codes) await this.codes.send(user?.email ? 'email' : 'sms', contact);
    return 'asked';
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= this.hasher.hash(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}

/** A try during the throttle's wait: the refusal names the seconds left. */
const tooSoon = (ms: number) => refuse('tooSoon', { seconds: Math.ceil(ms / 1000) });
