import type { MqttClient } from 'mqtt';

/** An event not acknowledged this long after it was sent is sent again. */
export const EVENT_RESEND_MS = 5_000;
/** Events a machine keeps while the broker is away; beyond, the oldest go (a controller's disk is finite too). */
export const EVENT_SPOOL_LIMIT = 10_000;

interface Spooled {
  topic: string;
  payload: string;
  /** When it was last handed to the client on the current connection; null: not since the last one closed. */
  sentAt: number | null;
}

/**
 * A machine controller's event spool: each QoS 1 event stays until the broker acknowledges it
 * (PUBACK) and is sent again after a reconnect or after `EVENT_RESEND_MS` without an answer. The
 * broker refuses an event it cannot store by closing the connection (MQTT 3.1.1 has no negative
 * PUBACK). mqtt.js resends its in-flight events after a reconnect, yet with it alone the restart
 * harness found 2 of 160 events never stored across PostgreSQL restarts (issue 22), and it never
 * asks again about an event that stays unanswered on a live connection; a controller that keeps
 * its events until they are acknowledged does not depend on either. The portal stores an event
 * once per machine and `EventId`, so an event sent twice is stored once.
 *
 * The owner calls `retry()` on its own clock (the fleet's tick), so 10,000 machines need no timer each.
 */
export class EventSpool {
  private readonly unacked = new Map<number, Spooled>();
  private sequence = 0;

  constructor(
    private readonly client: MqttClient,
    private readonly now: () => number = Date.now,
    private readonly limit = EVENT_SPOOL_LIMIT,
  ) {
    client.on('close', () => {
      for (const entry of this.unacked.values()) entry.sentAt = null;
    });
    client.on('connect', () => this.retry());
  }

  /** Keeps the event and sends it now if the machine is connected. */
  publish(topic: string, payload: string): void {
    const key = ++this.sequence;
    this.unacked.set(key, { topic, payload, sentAt: null });
    if (this.unacked.size > this.limit) this.unacked.delete(this.unacked.keys().next().value!);
    if (this.client.connected) this.send(key);
  }

  /** Sends again what was not sent on this connection or is unanswered for `EVENT_RESEND_MS`. */
  retry(): void {
    if (this.unacked.size === 0 || !this.client.connected) return;
    const now = this.now();
    for (const [key, entry] of this.unacked) {
      if (entry.sentAt === null || now - entry.sentAt >= EVENT_RESEND_MS) this.send(key);
    }
  }

  /** Events not acknowledged yet. */
  get pending(): number {
    return this.unacked.size;
  }

  private send(key: number): void {
    const entry = this.unacked.get(key)!;
    entry.sentAt = this.now();
    this.client.publish(entry.topic, entry.payload, { qos: 1 }, (error) => {
      if (!error) this.unacked.delete(key);
    });
  }
}
