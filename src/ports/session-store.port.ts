/** The signed-in user as the browser keeps it (the login's user record, spec 1 section 3: local storage `user`). */
export interface StoredUser {
  UserId?: string;
  Account?: string;
  RealName?: string;
  Url?: string;
  [field: string]: unknown;
}

/**
 * The browser's session as it survives a reload: the token, the user, the visitor flag. The one
 * owner of the spec's storage keys `token`, `userId`, `user` and `isVisitor`.
 */
export interface SessionStorePort {
  token(): string | null;
  userId(): string | null;
  /** The stored user record; an empty record when none or when it does not parse. */
  user(): StoredUser;
  /** True with a token. */
  signedIn(): boolean;
  /** A visitor: chose "visitor" on the login page, or has no token. */
  isVisitor(): boolean;
  /** Keeps a successful login (the user record with its `Token`) and ends visitor mode. */
  saveLogin(user: StoredUser & { UserId: string; Token: string }): void;
  /** Merges fresh profile fields into the stored user. */
  updateUser(fields: Record<string, unknown>): void;
  enterAsVisitor(): void;
  leaveVisitorMode(): void;
  /** Forgets the session (logout, expiry); the language stays. */
  clear(): void;
}
