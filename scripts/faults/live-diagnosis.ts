import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import type { WatchedPage } from './live-pages';
import type { MachinePublishers } from './machine-publishers';

// Why a page was not live again in time after a restart (docs/RELIABILITY.md, "Restarts under live
// pages"): its machine's client, the broker, the portal's relay, the data service and the page's
// own socket each seen from outside, so one look at the round's line says which of them was not back.

/**
 * A listener of the harness's own on the external broker (anonymous: the private Mosquitto): when
 * each machine's live message last reached the broker, whatever the portal did with it.
 */
export class BrokerWatch {
  private readonly lastAt = new Map<string, number>();
  readonly connects: number[] = [];
  private constructor(private readonly client: MqttClient) {}

  static async open(url: string): Promise<BrokerWatch> {
    const client = mqtt.connect(url, { clientId: `restarts-watch-${process.pid}`, protocolVersion: 4, clean: true, reconnectPeriod: 250, connectTimeout: 5_000 });
    const watch = new BrokerWatch(client);
    client.on('error', () => {});
    client.on('connect', () => {
      watch.connects.push(Date.now());
      client.subscribe('+', { qos: 0 });
    });
    client.on('message', (topic) => watch.lastAt.set(topic, Date.now()));
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    return watch;
  }

  /** When the machine's last live message reached the broker (Date.now()), or null. */
  lastOf(orderNumber: string): number | null {
    return this.lastAt.get(orderNumber) ?? null;
  }

  close(): Promise<void> {
    return this.client.endAsync(true);
  }
}

/** What the data service answers a socket of the harness's own for each machine: the age of its last value, or its refusal. */
export async function probeDataService(base: string, token: string, orderNumbers: readonly string[], timeoutMs = 3_000): Promise<Record<string, string>> {
  const answers: Record<string, string> = Object.fromEntries(orderNumbers.map((o) => [o, 'no answer']));
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws/data`);
  const started = Date.now();
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    const finish = () => (clearTimeout(timer), resolve());
    let left = orderNumbers.length;
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('error', (error) => ((answers['*'] = `socket error ${error.message}`), finish()));
    ws.on('close', (code) => ((answers['*'] ??= `closed ${code} after ${Date.now() - started} ms`), finish()));
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type: string; id?: number; at?: string; info?: string; code?: number };
      if (frame.type === 'ready') orderNumbers.forEach((orderNumber, id) => ws.send(JSON.stringify({ type: 'query', id, orderNumber, keys: [] })));
      const order = typeof frame.id === 'number' ? orderNumbers[frame.id] : undefined;
      if (!order) return;
      answers[order] = frame.type === 'values' ? `value ${Date.now() - Date.parse(frame.at!)} ms old` : `${frame.type} ${frame.code ?? ''} ${frame.info ?? ''}`.trim();
      if (--left === 0) finish();
    });
  });
  ws.terminate();
  return answers;
}

/** The portal's relay as Telemetry/GetStats (staff) tells it. */
export async function relayState(base: string, staffToken: string): Promise<string> {
  try {
    const res = await fetch(`${base}/api/Telemetry/GetStats`, { method: 'POST', headers: { 'content-type': 'application/json', token: staffToken }, body: '{}', signal: AbortSignal.timeout(3_000) });
    const body = (await res.json()) as { ReturnData?: { externalConnected: boolean | null; messagesAccepted: number; dataServiceConnections: number } };
    const d = body.ReturnData;
    return d ? `relay ${d.externalConnected === null ? 'n/a' : d.externalConnected ? 'connected' : 'NOT connected'}, ${d.messagesAccepted} messages accepted, ${d.dataServiceConnections} data sockets` : `GetStats HTTP ${res.status}`;
  } catch (error) {
    return `GetStats failed (${(error as Error).message})`;
  }
}

const ago = (at: number | null | undefined, now: number) => (at ? `${((now - at) / 1000).toFixed(1)} s ago` : 'never');
const since = (at: number, from: number) => `${at >= from ? '+' : ''}${((at - from) / 1000).toFixed(1)} s`;

/** The machine's client: connected or not, its connects and losses around the round (relative to the end of the fault), its last live message. */
export function publisherLine(publishers: MachinePublishers | null, orderNumber: string, faultAt: number, upAt: number): string {
  const s = publishers?.stateOf(orderNumber);
  if (!s) return 'no publisher';
  const now = Date.now();
  const closes = s.closes.filter((t) => t >= faultAt - 1_000).map((t) => since(t, upAt));
  const connects = s.connects.filter((t) => t >= faultAt - 1_000).map((t) => since(t, upAt));
  return `machine ${s.connected ? 'connected' : 'NOT connected'} (lost at ${closes.join(',') || '-'}, connected at ${connects.join(',') || '-'} from the end), last live message sent ${ago(s.lastLiveAt, now)}`;
}

/** The page's own sockets since the fault: each one's open and close, what it sent and received last. */
export function socketsLine(page: WatchedPage, faultAt: number): string {
  const now = Date.now();
  const recent = page.sockets.filter((s) => s.closedAt === null || s.closedAt >= faultAt);
  return recent
    .map((s) => `${s.path} opened ${ago(s.openedAt, now)}${s.closedAt ? `, closed ${ago(s.closedAt, now)}` : ''}, ${s.sent} sent (last ${ago(s.lastSentAt, now)}), last received ${ago(s.lastReceivedAt, now)}${s.lastOther ? `, last non-values ${ago(s.lastOther.at, now)}: ${s.lastOther.text}` : ''}`)
    .join(' | ');
}
