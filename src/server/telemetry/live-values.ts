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

/**
 * The latest values of every machine, kept in memory from the broker's live topics: what the
 * websocket data service answers group queries from. Values merge, so a machine may send only
 * what changed.
 */
export class LiveValues {
  private readonly machines = new Map<string, LiveSnapshot>();
  readonly counters: IngestCounters = { accepted: 0, dropped: 0 };

  constructor(private readonly now: () => number = Date.now) {}

  ingest(orderNumber: string, payload: Buffer | string): boolean {
    const values = parseLiveMessage(payload);
    if (!values) {
      this.counters.dropped++;
      return false;
    }
    this.counters.accepted++;
    const known = this.machines.get(orderNumber);
    if (known) {
      Object.assign(known.values, values);
      known.at = this.now();
    } else {
      this.machines.set(orderNumber, { at: this.now(), values: { ...values } });
    }
    return true;
  }

  /** The machine's latest values, or null when nothing came within `freshMs`. */
  latest(orderNumber: string, freshMs: number): LiveSnapshot | null {
    const snapshot = this.machines.get(orderNumber);
    if (!snapshot || this.now() - snapshot.at > freshMs) return null;
    return snapshot;
  }

  get size(): number {
    return this.machines.size;
  }
}
