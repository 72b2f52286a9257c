/** The signed-in user as the browser keeps it (the login's user record, spec 1 section 3: local storage `user`). */
export interface StoredUser {
  UserId?: string;
  Account?: string;
  RealName?: string;
  Url?: string;
  [field: string]: unknown;
}

/**
 * The browser's session as it survives a reload: the user, the visitor flag. The one owner of the
 * spec's storage keys `token`, `userId`, `user` and `isVisitor`. The session token itself lives in
 * an HttpOnly cookie page script cannot read (ADR 0014); `token` is only one stored before that.
 */
export interface SessionStorePort {
  /** A token stored before the cookie (ADR 0014), sent as the `token` header until the next login; null normally. */
  token(): string | null;
  userId(): string | null;
  /** The stored user record; an empty record when none or when it does not parse. */
  user(): StoredUser;
  /** True with a stored user (the cookie holds the session) or an old stored token. */
  signedIn(): boolean;
  /** A visitor: chose "visitor" on the login page, or has no token. */
  isVisitor(): boolean;
  /** Keeps a successful login (the user record; its `Token` is not kept) and ends visitor mode. */
  saveLogin(user: StoredUser & { UserId: string; Token: string }): void;
  /** Merges fresh profile fields into the stored user. */
  updateUser(fields: Record<string, unknown>): void;
  enterAsVisitor(): void;
  leaveVisitorMode(): void;
  /** Forgets the session (logout, expiry); the language stays. */
  clear(): void;
}
