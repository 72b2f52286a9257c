/** How often the live connections are checked against the sessions table. */
export const SESSION_SWEEP_MS = 2_000;
/** Live connections one user may hold (`/mqtt` and `/ws/data` together): a few pages on a few devices (issue 21, item 9). */
export const MAX_CONNECTIONS_PER_USER = 20;

/**
 * The live connections of each login session (`/mqtt` and `/ws/data`), so that revoking a session
 * closes them within seconds (issue 21, item 2): every `SESSION_SWEEP_MS` one query asks which of
 * the sessions behind open connections are still live, and the connections of the others are
 * closed. Logout, a password reset, a staff removal, an expiry, on this server or another one on
 * the same database: each shows in the table, so each is seen the same way.
 */
export class LiveSessions {
  private readonly byToken = new Map<string, Set<() => void>>();
  private readonly perUser = new Map<string, number>();
  /** Each user's closers, so a change of what they own (a staff unbinding) can close their connections. */
  private readonly byUser = new Map<string, Set<() => void>>();
  private readonly timer: NodeJS.Timeout;
  private sweeping: Promise<number> | null = null;

  constructor(
    private readonly liveAmong: (tokenHashes: string[]) => Promise<Set<string>>,
    everyMs = SESSION_SWEEP_MS,
    private readonly maxPerUser = MAX_CONNECTIONS_PER_USER,
  ) {
    this.timer = setInterval(() => void this.sweep().catch(() => {}), everyMs);
    this.timer.unref();
  }

  /**
   * Keeps `close` to be called when the session ends; answers the function that forgets it (on
   * disconnect), or null when the user holds `maxPerUser` connections already (refuse this one).
   */
  track(tokenHash: string, userId: string, close: () => void): (() => void) | null {
    const held = this.perUser.get(userId) ?? 0;
    if (held >= this.maxPerUser) return null;
    this.perUser.set(userId, held + 1);
    let closers = this.byToken.get(tokenHash);
    if (!closers) this.byToken.set(tokenHash, (closers = new Set()));
    closers.add(close);
    let mine = this.byUser.get(userId);
    if (!mine) this.byUser.set(userId, (mine = new Set()));
    mine.add(close);
    let forgotten = false;
    return () => {
      if (forgotten) return;
      forgotten = true;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
      closers.delete(close);
      mine.delete(close);
      if (mine.size === 0 && this.byUser.get(userId) === mine) this.byUser.delete(userId);
      if (closers.size === 0 && this.byToken.get(tokenHash) === closers) this.byToken.delete(tokenHash);
    };
  }

  /** Connections held open by live sessions. */
  get size(): number {
    let n = 0;
    for (const closers of this.byToken.values()) n += closers.size;
    return n;
  }

  /** Closes the connections of sessions that are no longer live; answers how many it closed. */
  sweep(): Promise<number> {
    this.sweeping ??= this.sweepOnce().finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async sweepOnce(): Promise<number> {
    const tokens = [...this.byToken.keys()];
    if (tokens.length === 0) return 0;
    const live = await this.liveAmong(tokens);
    let closed = 0;
    for (const token of tokens) {
      if (live.has(token)) continue;
      const closers = this.byToken.get(token);
      this.byToken.delete(token);
      for (const close of closers ?? []) {
        closed++;
        try {
          close();
        } catch {
          // A connection that is already gone.
        }
      }
    }
    return closed;
  }

  /**
   * Closes every live connection of a user (a machine was taken from them): the browser reconnects
   * and each subscription and query is checked against the owners again. Answers how many it closed.
   */
  closeUser(userId: string): number {
    const closers = [...(this.byUser.get(userId) ?? [])];
    for (const close of closers) {
      try {
        close();
      } catch {
        // A connection that is already gone.
      }
    }
    return closers.length;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
