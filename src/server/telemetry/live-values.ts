/** One machine's latest values, as its last messages told them. */
export interface LiveSnapshot {
  /** When the server took in the machine's last message (ms since the epoch). */
  at: number;
  values: Record<string, number | string>;
}

export interface IngestCounters {
  accepted: number;
  /** Malformed messages: not JSON, not a `[{KEY, VALUE}]` list, too large. Dropped, never fatal. */
  dropped: number;
}

const MAX_PAYLOAD = 16 * 1024;
const MAX_ITEMS = 200;
const KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * Parses a live message `[{"KEY": "X", "VALUE": 12.5}, ...]` (ADR 0005). Answers null for
 * anything malformed; a single bad item spoils the message, so a machine's values never mix
 * trusted and half-parsed parts.
 */
export function parseLiveMessage(payload: Buffer | string): Record<string, number | string> | null {
  if (payload.length > MAX_PAYLOAD) return null;
  let list: unknown;
  try {
    list = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_ITEMS) return null;
  const values: Record<string, number | string> = Object.create(null);
  for (const item of list) {
    if (!item || typeof item !== 'object') return null;
    const { KEY: key, VALUE: value } = item as { KEY?: unknown; VALUE?: unknown };
    if (typeof key !== 'string' || !KEY.test(key)) return null;
    if (typeof value === 'number' ? !Number.isFinite(value) : typeof value !== 'string' || value.length > 512) return null;
    values[key] = value as number | string;
  }
  return values;
}

/** How long a machine counts as watched after a data-service query asked for it. */
export const WATCH_MS = 10_000;

interface Entry {
  /** When the machine's last message came in (ms since the epoch). */
  at: number;
  values: Record<string, number | string> | null;
  /** The last message, not read yet (nobody was watching the machine when it came): its first `unread` bytes. */
  unread: number;
  /** The machine's own buffer for its unread message, reused for each (see `keepUnread`). */
  buffer: Buffer | null;
  watchedUntil: number;
  /** Called once when the machine's next message has been taken in (`onNext`), else null. */
  waiters: Set<() => void> | null;
}

/**
 * The latest values of every machine, kept in memory from the broker's live topics: what the
 * websocket data service answers group queries from. Values merge, so a machine may send only
 * what changed.
 *
 * Only machines someone watches (a data-service query in the last 10 s) have every message
 * read as it comes; for the others only the last message is kept and read when a page first
 * asks. At 10,000 machines a second, reading every message on arrival was the largest cost the
 * portal's broker had over a bare one. A message that is no JSON list at all is dropped and
 * counted at once; one that is malformed inside is dropped and counted when it is read.
 */
export class LiveValues {
  private readonly machines = new Map<string, Entry>();
  readonly counters: IngestCounters = { accepted: 0, dropped: 0 };

  constructor(private readonly now: () => number = Date.now) {}

  ingest(orderNumber: string, payload: Buffer | string): boolean {
    const first = typeof payload === 'string' ? payload.charCodeAt(0) : payload[0];
    if (payload.length > MAX_PAYLOAD || first !== 0x5b /* [ */) {
      this.counters.dropped++;
      return false;
    }
    const now = this.now();
    let entry = this.machines.get(orderNumber);
    if (!entry) {
      entry = { at: now, values: null, unread: 0, buffer: null, watchedUntil: 0, waiters: null };
      this.machines.set(orderNumber, entry);
    }
    if (now >= entry.watchedUntil) {
      keepUnread(entry, payload);
      entry.at = now;
      this.counters.accepted++;
    } else {
      if (!this.merge(entry, payload)) return false;
      entry.at = now;
    }
    if (entry.waiters) wakeWaiters(entry);
    return true;
  }

  /**
   * Calls `wake` once, after the machine's next message has been taken in (its values are then
   * `latest`); answers the function that cancels the call. The data service waits so on a machine
   * it answered offline, to answer it again as soon as the machine is back.
   */
  onNext(orderNumber: string, wake: () => void): () => void {
    const entry = this.entryOf(orderNumber);
    (entry.waiters ??= new Set()).add(wake);
    return () => {
      entry.waiters?.delete(wake);
      if (entry.waiters?.size === 0) entry.waiters = null;
    };
  }

  /** The machine's latest values, or null when nothing came within `freshMs`; asking makes it watched. */
  latest(orderNumber: string, freshMs: number): LiveSnapshot | null {
    const now = this.now();
    const entry = this.entryOf(orderNumber);
    entry.watchedUntil = now + WATCH_MS;
    if (now - entry.at > freshMs) return null;
    if (entry.unread) {
      const unread = entry.buffer!.subarray(0, entry.unread);
      entry.unread = 0;
      // Counted as accepted when it came; a message that turns out malformed moves to dropped.
      this.counters.accepted--;
      this.merge(entry, unread);
    }
    return entry.values ? { at: entry.at, values: entry.values } : null;
  }

  /** The machine's entry; one asked for before its first message has none yet, so that message is read as it comes once watched. */
  private entryOf(orderNumber: string): Entry {
    let entry = this.machines.get(orderNumber);
    if (!entry) {
      entry = { at: Number.NEGATIVE_INFINITY, values: null, unread: 0, buffer: null, watchedUntil: 0, waiters: null };
      this.machines.set(orderNumber, entry);
    }
    return entry;
  }

  private merge(entry: Entry, payload: Buffer | string): boolean {
    const values = parseLiveMessage(payload);
    if (!values) {
      this.counters.dropped++;
      return false;
    }
    this.counters.accepted++;
    entry.values = entry.values ? Object.assign(entry.values, values) : { ...values };
    return true;
  }

  /** Machines that have sent anything. */
  get size(): number {
    let n = 0;
    for (const entry of this.machines.values()) if (entry.at > Number.NEGATIVE_INFINITY) n++;
    return n;
  }
}

/** Calls and forgets the entry's waiters (a waiter may wait again: on the message after this one). */
function wakeWaiters(entry: Entry): void {
  const waiters = entry.waiters!;
  entry.waiters = null;
  for (const wake of waiters) wake();
}

/**
 * Keeps a machine's last message in the machine's own buffer, copied, rather than the message
 * itself. The message is a view on the socket read that brought it; kept for the second until
 * the next one, every message (and its read buffer) outlived the young generation, and at 10,000
 * machines that was about 9 MB a second of promoted garbage: a major collection every few
 * seconds, each a latency spike for every page (ADR 0009). A buffer per machine, grown to the
 * next power of two when a message is larger, makes no garbage.
 */
function keepUnread(entry: Entry, payload: Buffer | string): void {
  const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (!entry.buffer || entry.buffer.length < length) {
    // Not from Buffer's shared pool: a slice of it would keep its whole 8 KB slab.
    entry.buffer = Buffer.allocUnsafeSlow(Math.max(1024, 2 ** Math.ceil(Math.log2(length))));
  }
  if (typeof payload === 'string') entry.buffer.write(payload, 0, 'utf8');
  else payload.copy(entry.buffer, 0);
  entry.unread = length;
}
