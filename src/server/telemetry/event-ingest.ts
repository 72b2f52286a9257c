import type { MachineEvent, MachineEventStore } from '../../ports/machine-event-store.port';
import { parseMachineEvent } from './machine-events';

export interface EventCounters {
  stored: number;
  /** Malformed events: dropped (and acknowledged, so the machine does not resend them forever). */
  malformed: number;
  /** Batches refused (the database failed and the disk spool could not take them); their events were not acknowledged and come again. */
  failedBatches: number;
}

const BATCH_SIZE = 500;
const BATCH_WAIT_MS = 5;

/**
 * Takes machine events from the broker into the database in small batches: one insert per kind
 * for everything that arrived within a few milliseconds. Each event's `done` is called once its
 * batch is stored (the broker then acknowledges a QoS 1 event), or with the error when it was
 * not, so an event is acknowledged only when it is safe. Given the disk spool as its store, "stored"
 * includes "spooled on disk while the database is away" (`event-disk-spool.ts`).
 */
export class EventIngest {
  readonly counters: EventCounters = { stored: 0, malformed: 0, failedBatches: 0 };
  private pending: Array<{ event: MachineEvent; done: (error?: Error) => void }> = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly store: Pick<MachineEventStore, 'store'>) {}

  /** An event from topic `<orderNumber>/event/<kind>`. */
  take(orderNumber: string, kind: string, payload: Buffer, done: (error?: Error) => void): void {
    const event = parseMachineEvent(orderNumber, kind, payload);
    if (!event) {
      this.counters.malformed++;
      return done();
    }
    this.pending.push({ event, done });
    if (this.pending.length >= BATCH_SIZE) this.flushSoon(0);
    else this.flushSoon(BATCH_WAIT_MS);
  }

  private flushSoon(ms: number): void {
    if (this.timer && ms > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      // One batch at a time, in order: a machine's later run-time total never lands before an earlier one.
      this.flushing = this.flushing.then(() => this.flush());
    }, ms);
  }

  private async flush(): Promise<void> {
    const batch = this.pending.splice(0, BATCH_SIZE);
    if (!batch.length) return;
    try {
      await this.store.store(batch.map((b) => b.event));
      this.counters.stored += batch.length;
      for (const b of batch) b.done();
    } catch (error) {
      this.counters.failedBatches++;
      for (const b of batch) b.done(error as Error);
    }
    if (this.pending.length) this.flushSoon(0);
  }

  /** Stores what is pending (at shutdown). */
  async drain(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.pending.length) {
      this.flushing = this.flushing.then(() => this.flush());
      await this.flushing;
    }
    await this.flushing;
  }
}
