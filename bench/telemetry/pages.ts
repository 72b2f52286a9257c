import mqtt, { type MqttClient } from 'mqtt';
import { monoMs } from './clock';
import { browserClientId } from '../../src/domain/telemetry/mqtt-client-id';

export interface SubscriberSpec {
  username: string;
  password: string;
  topics: string[];
}

/** Per second of the schedule, by send time: messages that arrived in time and their p99. */
export interface ReceivedSecond {
  delivered: number;
  p99: number;
}

export interface PagesResult {
  received: number;
  p50: number;
  p99: number;
  seconds: ReceivedSecond[];
}

const SENT_AT = /^\[\{"KEY":"SentAt","VALUE":([\d.]+)\}/;

/**
 * The browser pages of the telemetry bench: mqtt.js clients on the broker's websocket, each
 * subscribed to its owner's machines, timing every message from its `SentAt` stamp (monotonic
 * ms, `monoMs`) to its arrival.
 */
export class Pages {
  private clients: MqttClient[] = [];
  private counting: { t0: number; seconds: number; deadline: number } | null = null;
  /** Latencies by second of sending. */
  private bins: number[][] = [];

  async connect(wsUrl: string | readonly string[], subscribers: readonly SubscriberSpec[]): Promise<void> {
    // Those of a load that failed half-way go first.
    await this.close();
    // Several URLs are several portals behind a balancer: the pages are spread over them in turn.
    const urls = typeof wsUrl === 'string' ? [wsUrl] : wsUrl;
    this.clients = await Promise.all(subscribers.map((s, i) => this.subscribe(urls[i % urls.length]!, s)));
  }

  /** Counts messages sent from `t0` for `seconds` seconds that arrive by `deadline` (monotonic ms). */
  startCounting(t0: number, seconds: number, deadline: number): void {
    this.counting = { t0, seconds, deadline };
    this.bins = Array.from({ length: seconds }, () => []);
  }

  stop(): PagesResult {
    this.counting = null;
    const seconds = this.bins.map((latencies) => {
      const sorted = Float64Array.from(latencies).sort();
      return { delivered: sorted.length, p99: quantile(sorted, 0.99) };
    });
    const all = Float64Array.from(this.bins.flat()).sort();
    return { received: all.length, p50: quantile(all, 0.5), p99: quantile(all, 0.99), seconds };
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.endAsync(true)));
    this.clients = [];
  }

  private onMessage = (_topic: string, payload: Buffer): void => {
    const counting = this.counting;
    if (!counting) return;
    const now = monoMs();
    if (now > counting.deadline) return;
    const match = SENT_AT.exec(payload.toString('latin1', 0, 48));
    if (!match) return;
    const sentAt = Number(match[1]);
    const second = Math.floor((sentAt - counting.t0) / 1000);
    if (second < 0 || second >= counting.seconds) return;
    this.bins[second].push(now - sentAt);
  };

  private subscribe(url: string, spec: SubscriberSpec): Promise<MqttClient> {
    const clientId = browserClientId(spec.username, Math.random().toString(36).slice(2, 12));
    const client = mqtt.connect(url, { clientId, username: spec.username, password: spec.password, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 30_000, keepalive: 100 });
    return new Promise((resolve, reject) => {
      client.once('error', reject);
      client.once('connect', async () => {
        for (let i = 0; i < spec.topics.length; i += 500) {
          const granted = await client.subscribeAsync(spec.topics.slice(i, i + 500), { qos: 0 });
          const refused = granted.filter((g) => g.qos === 128).length;
          if (refused) return reject(new Error(`${refused} subscriptions of ${spec.username} refused`));
        }
        client.on('message', this.onMessage);
        // A broker that goes down under the load ends the pages' sockets: counted as loss, not a crash here.
        client.on('error', () => {});
        resolve(client);
      });
    });
  }
}

function quantile(sorted: Float64Array, q: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 100) / 100;
}
