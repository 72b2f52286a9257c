import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { normaliseContact } from '../../domain/shared/contact-patterns';
import { loginProblem } from '../../domain/accounts/account-rules';
import { afterFailure, failureDelayMs, lockRemainingMs } from '../../domain/accounts/login-throttle.policy';
import { isSessionLive, needsTouch, slideExpiry } from '../../domain/accounts/session.policy';
import type {
  LoginThrottleRepository,
  PasswordHasherPort,
  SessionRepository,
  UserRecord,
  UserRepository,
} from '../../ports/accounts-store.port';
import type { Clock } from './clock';
import { done, refuse, type Outcome } from './outcome';

/** The caller of a request, as the token says. */
export interface Caller {
  userId: string;
  isStaff: boolean;
  tokenHash: string;
}

/** A login that went through: the user and the token of the new session. */
export interface SignedIn {
  user: UserRecord;
  token: string;
}

type LoginRefusal = 'accountRequired' | 'passwordRequired' | 'locked' | 'wrongCredentials' | 'pendingReview' | 'rejected';

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
    private readonly delay: (ms: number) => Promise<unknown> = sleep,
  ) {}

  /** UserLogin: the account (or the e-mail it was sent as too) and the password. */
  async login(input: { account?: string; email?: string; password: string }): Promise<Outcome<SignedIn, LoginRefusal>> {
    const accountInput = (input.account || input.email || '').trim();
    const { password } = input;
    const problem = loginProblem({ account: accountInput, password });
    if (problem) return refuse(problem);
    const account = normaliseContact(accountInput);
    const locked = lockRemainingMs(await this.throttle.get(account), this.clock.now());
    if (locked > 0) return lockedOut(locked);
    const user = await this.users.findByAccount(account) ?? (await this.users.findByEmail(account));
    const valid = user
      ? await this.hasher.verify(password, user.passwordHash)
      : // Spend the same time on unknown accounts so answers do not reveal which accounts exist.
        await this.hasher.verify(password, await this.dummy());
    if (!user || !valid) return this.failed(account);
    await this.throttle.clear(account);
    if (user.status === 'pending_review') return refuse('pendingReview');
    if (user.status === 'rejected') return refuse('rejected');
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await this.sessions.create({
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: slideExpiry({ createdAt: now }, now),
      revokedAt: null,
    });
    return done({ user, token });
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
    return { userId: session.userId, isStaff: session.isStaff, tokenHash };
  }

  /** Which of these sessions (token hashes) are still live: the live connections' check (issue 21, item 2). */
  liveAmong(tokenHashes: readonly string[]): Promise<Set<string>> {
    return this.sessions.liveAmong(tokenHashes, this.clock.now());
  }

  private async failed(account: string): Promise<Outcome<never, 'locked' | 'wrongCredentials'>> {
    const state = afterFailure(await this.throttle.get(account), this.clock.now());
    await this.throttle.put(account, state);
    await this.delay(failureDelayMs(state));
    const locked = lockRemainingMs(state, this.clock.now());
    return locked > 0 ? lockedOut(locked) : refuse('wrongCredentials');
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= this.hasher.hash(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}

/** Locked after too many failures: the refusal names the minutes left. */
const lockedOut = (ms: number) => refuse('locked', { minutes: Math.ceil(ms / 60_000) });
