import pg from 'pg';
import type { ChangeNoticesPort } from '../../ports/change-notices.port';

const CHANNEL = 'portal_changes';

/**
 * Change notices over PostgreSQL's LISTEN/NOTIFY: one listening connection per portal, opened at
 * the first subscription, outside the pool (it is held for good). A lost connection is opened
 * again with growing pauses, and every listener is called then, since notices sent meanwhile are
 * gone.
 */
export class PgChangeNotices implements ChangeNoticesPort {
  private readonly listeners = new Map<string, Set<() => void>>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;
  private retryMs = 250;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connection: pg.ClientConfig,
  ) {}

  async publish(topic: string): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, topic]);
  }

  subscribe(topic: string, listener: () => void): () => void {
    const set = this.listeners.get(topic) ?? new Set();
    set.add(listener);
    this.listeners.set(topic, set);
    void this.listen();
    return () => set.delete(listener);
  }

  /** Resolves once this portal listens (tests wait for it before the first notice). */
  listening(): Promise<void> {
    return this.connecting ?? this.listen();
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private listen(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= this.open().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = new pg.Client(this.connection);
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) this.tell(message.payload);
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch {
      await client.end().catch(() => {});
      this.retryLater();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    const reconnected = this.retryMs > 250;
    this.client = client;
    this.retryMs = 250;
    if (reconnected) for (const topic of this.listeners.keys()) this.tell(topic);
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.retryLater();
  }

  private retryLater(): void {
    if (this.closed) return;
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
    setTimeout(() => void this.listen(), this.retryMs).unref();
  }

  private tell(topic: string): void {
    for (const listener of this.listeners.get(topic) ?? []) listener();
  }
}
