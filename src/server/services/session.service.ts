import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { normaliseContact } from '../../domain/shared/contact-patterns';
import { afterFailure, failureDelayMs, lockRemainingMs } from '../../domain/accounts/login-throttle.policy';
import { isSessionLive, needsTouch, slideExpiry } from '../../domain/accounts/session.policy';
import type { Envelope } from '../../domain/shared/envelope';
import type {
  LoginThrottleRepository,
  PasswordHasherPort,
  SessionRepository,
  UserRecord,
  UserRepository,
} from '../../ports/accounts-store.port';
import type { Clock } from './clock';
import { fail, ok } from './service-result';

/** The caller of a request, as the token says. */
export interface Caller {
  userId: string;
  isStaff: boolean;
  tokenHash: string;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Logs users in and out and turns tokens into callers. */
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

  async login(accountInput: string, password: string): Promise<Envelope> {
    const account = normaliseContact(accountInput);
    const locked = lockRemainingMs(await this.throttle.get(account), this.clock.now());
    if (locked > 0) return fail(429, lockedInfo(locked));
    const user = await this.users.findByAccount(account) ?? (await this.users.findByEmail(account));
    const valid = user
      ? await this.hasher.verify(password, user.passwordHash)
      : // Spend the same time on unknown accounts so answers do not reveal which accounts exist.
        await this.hasher.verify(password, await this.dummy());
    if (!user || !valid) return this.failed(account);
    await this.throttle.clear(account);
    if (user.status === 'pending_review') return fail(403, 'Your account is waiting for review by the service team');
    if (user.status === 'rejected') return fail(403, 'Your registration was not approved, please contact the service team');
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
    return ok(loginUser(user, token), 'login success');
  }

  async logout(caller: Caller): Promise<void> {
    await this.sessions.revoke(caller.tokenHash, this.clock.now());
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

  private async failed(account: string): Promise<Envelope> {
    const state = afterFailure(await this.throttle.get(account), this.clock.now());
    await this.throttle.put(account, state);
    await this.delay(failureDelayMs(state));
    const locked = lockRemainingMs(state, this.clock.now());
    return locked > 0 ? fail(429, lockedInfo(locked)) : fail(400, 'Incorrect account or password');
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= this.hasher.hash(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}

function lockedInfo(ms: number): string {
  return `Too many failed logins, please try again in ${Math.ceil(ms / 60_000)} minutes`;
}

/** The `user` the client stores after login (spec 1 section 3); never the password hash. */
export function loginUser(user: UserRecord, token: string) {
  return {
    UserId: user.id,
    Token: token,
    Url: user.avatarUrl,
    Account: user.account,
    RealName: user.realName,
    Email: user.email ?? '',
    Mobile: user.mobile ?? '',
    IsDomestic: String(user.isDomestic),
    IsStaff: user.isStaff ? 1 : 0,
    CamEmail: user.camEmail ?? '',
  };
}
