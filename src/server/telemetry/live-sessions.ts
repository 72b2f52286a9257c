/** How often the live connections are checked against the sessions table. */
export const SESSION_SWEEP_MS = 2_000;

/**
 * The live connections of each login session (`/mqtt` and `/ws/data`), so that revoking a session
 * closes them within seconds (issue 21, item 2): every `SESSION_SWEEP_MS` one query asks which of
 * the sessions behind open connections are still live, and the connections of the others are
 * closed. Logout, a password reset, a staff removal, an expiry, on this server or another one on
 * the same database: each shows in the table, so each is seen the same way.
 */
export class LiveSessions {
  private readonly byToken = new Map<string, Set<() => void>>();
  private readonly timer: NodeJS.Timeout;
  private sweeping: Promise<number> | null = null;

  constructor(
    private readonly liveAmong: (tokenHashes: string[]) => Promise<Set<string>>,
    everyMs = SESSION_SWEEP_MS,
  ) {
    this.timer = setInterval(() => void this.sweep().catch(() => {}), everyMs);
    this.timer.unref();
  }

  /** Keeps `close` to be called when the session ends; answers the function that forgets it (on disconnect). */
  track(tokenHash: string, close: () => void): () => void {
    let closers = this.byToken.get(tokenHash);
    if (!closers) this.byToken.set(tokenHash, (closers = new Set()));
    closers.add(close);
    return () => {
      closers.delete(close);
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

  stop(): void {
    clearInterval(this.timer);
  }
}
