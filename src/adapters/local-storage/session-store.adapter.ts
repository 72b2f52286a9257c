import type { KeyValueStoragePort } from '../../ports/key-value-storage.port';
import type { SessionStorePort, StoredUser } from '../../ports/session-store.port';

/**
 * SessionStorePort over the key-value storage, with the spec's keys (spec 1 section 3). No
 * inversify decorators, like LocalStorageAdapter: the landing page reads it before the container loads.
 */
export class StorageSessionStore implements SessionStorePort {
  constructor(private readonly storage: KeyValueStoragePort) {}

  /** A token stored before the web app moved to the HttpOnly cookie (ADR 0014); a new login removes it. */
  token(): string | null {
    return this.storage.get('token') || null;
  }

  userId(): string | null {
    return this.storage.get('userId') || null;
  }

  user(): StoredUser {
    const raw = this.storage.get('user');
    if (!raw) return {};
    try {
      const parsed: unknown = JSON.parse(raw);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as StoredUser) : {};
    } catch {
      return {};
    }
  }

  signedIn(): boolean {
    return this.userId() !== null || this.token() !== null;
  }

  isVisitor(): boolean {
    return this.storage.get('isVisitor') === 'true' || !this.signedIn();
  }

  saveLogin(user: StoredUser & { UserId: string; Token: string }): void {
    // The session itself is the HttpOnly cookie the login set (ADR 0014): no token is kept where page script could read it.
    const { Token: _token, ...kept } = user;
    this.storage.set('user', JSON.stringify(kept));
    this.storage.set('userId', String(user.UserId));
    this.storage.remove('token');
    this.storage.remove('isVisitor');
  }

  updateUser(fields: Record<string, unknown>): void {
    this.storage.set('user', JSON.stringify({ ...this.user(), ...fields }));
  }

  enterAsVisitor(): void {
    this.storage.set('isVisitor', 'true');
  }

  leaveVisitorMode(): void {
    this.storage.remove('isVisitor');
  }

  clear(): void {
    this.storage.clearExcept(['lang']);
  }
}
