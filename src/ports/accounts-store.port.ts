import type { CompanyRole } from '../domain/companies/company-roles';
/** What the server keeps of an account. */
export interface UserRecord {
  id: string;
  account: string;
  email: string | null;
  mobile: string | null;
  realName: string;
  address: string;
  fullPathId: string;
  fullPathName: string;
  isDomestic: number;
  createOrigin: string;
  passwordHash: string;
  status: 'active' | 'pending_review' | 'rejected';
  isStaff: boolean;
  avatarUrl: string;
  camEmail: string | null;
  createdAt: Date;
}

export type NewUser = Omit<UserRecord, 'id' | 'createdAt' | 'camEmail' | 'avatarUrl'> & { avatarUrl?: string };

/** Accounts on the server side. */
export interface UserRepository {
  findById(id: string): Promise<UserRecord | null>;
  findByAccount(account: string): Promise<UserRecord | null>;
  findByEmail(email: string): Promise<UserRecord | null>;
  /** Inserts; answers null when the account or e-mail is already taken. */
  create(user: NewUser): Promise<UserRecord | null>;
  setPassword(id: string, passwordHash: string): Promise<void>;
  /** Deletes an account that never proved its address (pending review or rejected); an active one stays. */
  removeUnproven(id: string): Promise<void>;
  setStatus(id: string, status: UserRecord['status']): Promise<void>;
  setCamEmail(id: string, email: string): Promise<void>;
  /** Sets the sign-in e-mail; false when another account has it (the unique index decides under a race). */
  setEmail(id: string, email: string): Promise<boolean>;
  listByStatus(status: UserRecord['status']): Promise<UserRecord[]>;
}

export interface SessionRecord {
  tokenHash: string;
  userId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  /** The company the person works in now (issue 37); null: their own, whose id is their user id. */
  companyId?: string | null;
}

/** Login sessions, found by the hash of their token. */
export interface SessionRepository {
  create(session: SessionRecord): Promise<void>;
  find(tokenHash: string): Promise<SessionRecord | null>;
  /** The session with its user's status and role, in one lookup: what every authenticated call needs. */
  findWithUser(tokenHash: string): Promise<(SessionRecord & { userStatus: string; isStaff: boolean; companyId: string; role: CompanyRole | null }) | null>;
  touch(tokenHash: string, lastSeenAt: Date, expiresAt: Date): Promise<void>;
  revoke(tokenHash: string, at: Date): Promise<void>;
  revokeAllOf(userId: string, at: Date): Promise<void>;
  /** Which of these sessions are live at `now` (not revoked, not expired, their user active). */
  liveAmong(tokenHashes: readonly string[], now: Date): Promise<Set<string>>;
  /** Revokes the user's live sessions but the `keep` newest (issue 21, item 9). */
  revokeBeyondNewest(userId: string, keep: number, at: Date, newest: string): Promise<void>;
  /** Deletes the rows of sessions revoked or expired before `before`; answers how many. */
  purge(before: Date): Promise<number>;
}

export interface CodeRecord {
  id: string;
  address: string;
  channel: 'email' | 'sms';
  codeHash: string;
  salt: string;
  attempts: number;
  createdAt: Date;
  expiresAt: Date;
  consumedAt: Date | null;
}

/** Verification codes per address (normalised e-mail or phone). */
export interface CodeRepository {
  latest(address: string): Promise<CodeRecord | null>;
  create(code: Omit<CodeRecord, 'id' | 'attempts' | 'consumedAt'>): Promise<void>;
  countAttempt(id: string): Promise<void>;
  consume(id: string, at: Date): Promise<void>;
}

export interface ThrottleRecord {
  failures: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

/** Failed-login counters per account. */
export interface LoginThrottleRepository {
  get(account: string): Promise<ThrottleRecord | null>;
  put(account: string, state: ThrottleRecord): Promise<void>;
  clear(account: string): Promise<void>;
  /** Deletes counters whose latest failure and lock both ended before `before`; answers how many. */
  purge(before: Date): Promise<number>;
}

/** Slow salted password hashing. */
export interface PasswordHasherPort {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}
