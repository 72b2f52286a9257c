import mqtt, { type ISubscriptionMap, type MqttClient } from 'mqtt';
import type { IncomingMessage } from 'node:http';
import { hostname } from 'node:os';
import type { Duplex } from 'node:stream';
import { isOrderNumber } from '../../domain/devices/order-number';
import type { BrokerDeps, BrokerLogger, BrokerPort, BrokerStats, MachineMessages } from '../../ports/broker.port';
import { EmbeddedBroker } from './embedded-broker';
import { EVENT_SHARE, EVENT_TOPICS, eventTopicOf, type EventSubscriptionMode } from './event-subscription';

/**
 * The topics the portal reads: live data (QoS 0, the next message replaces a lost one), which every
 * portal reads for its own browsers, and machine events (QoS 1), through a plain subscription (each
 * portal gets every event) or the portals' shared one (each event goes to one portal), as
 * MQTT_EVENT_SUBSCRIPTION says (`event-subscription.ts`, ADR 0022).
 *
 * Each through a client of its own. mqtt.js reads a connection's next packet only once the last
 * one is handled, and an event is handled once it is stored (then acknowledged): on one client,
 * every machine's live data waited behind each event's insert, one at a time, so after a broker
 * restart the pages were live again only once the events queued meanwhile were stored, and a slow
 * database held all live data (issue 22, item 2).
 */
const LIVE_TOPIC = '+';

/** The live-data client's id: the portal's own with this suffix (a clean session: QoS 0 is never queued). */
export const LIVE_CLIENT_SUFFIX = '-live';

/**
 * How soon a lost broker is tried again. 1 s rather than the machines' 2 s: after a Mosquitto
 * restart the relay was back after the machines in 72 of 80 page-rounds with 2 s, 52 of 80 with 1 s,
 * and pages were live again 0.3 s sooner at the median (docs/RELIABILITY.md); a connection attempt
 * a second per portal costs the broker nothing.
 */
const RECONNECT_MS = 1_000;

/** How long the broker keeps a portal's session (and the events queued in it) while the portal is away. */
const SESSION_EXPIRY_S = 7 * 24 * 3600;

export interface RelayOptions {
  /** The portal's client id on the broker (MQTT_CLIENT_ID); null: `portal-<host name>`. */
  clientId: string | null;
  /** MQTT_EVENT_SUBSCRIPTION. */
  events: EventSubscriptionMode;
}

/** The embedded broker of the relay serves browsers only: what a client publishes there is not the portal's to take. */
const NOT_TAKEN: MachineMessages = { live: () => {}, event: () => false };

/**
 * With `MQTT_URL` machines publish to an external broker (Mosquitto, EMQX), which checks them
 * through the portal's HTTP hooks. The portal subscribes there with its own credentials (the
 * URL's user and password) and hands every message on: to the portal's handlers, and live data
 * to the embedded broker, which then serves only the browsers on `/mqtt`.
 */
export class ExternalRelay implements BrokerPort {
  private released = false;

  private constructor(
    /** Machine events, in the portal's persistent session. */
    private readonly client: MqttClient,
    /** Live data. */
    private readonly liveClient: MqttClient,
    private readonly browsers: EmbeddedBroker<unknown>,
    private readonly pending: PendingEvents,
    private readonly eventTopic: string,
  ) {}

  /** The event subscription of the current connection is acknowledged: until then a machine's event finds no portal. */
  private eventsSubscribed = false;

  static async open<I>(url: string, options: RelayOptions, deps: BrokerDeps<I>): Promise<ExternalRelay> {
    const eventTopic = eventTopicOf(options.events);
    const browsers = await EmbeddedBroker.open({ ...deps, machines: NOT_TAKEN });
    const relayed: MachineMessages = {
      event: deps.machines.event,
      live: (topic, payload) => {
        deps.machines.live(topic, payload);
        if (isOrderNumber(topic)) browsers.publish(topic, payload);
      },
    };
    const pending = new PendingEvents();
    const clientId = options.clientId ?? `portal-${hostname()}`.slice(0, 64);
    const [events, live] = await Promise.allSettled([
      connect(url, { clientId, persistent: true }, eventHandler(relayed, pending), deps.log),
      connect(url, { clientId: `${clientId}${LIVE_CLIENT_SUFFIX}`, persistent: false, promptAcks: true }, liveHandler(relayed), deps.log),
    ]);
    if (events.status === 'rejected' || live.status === 'rejected') {
      for (const settled of [events, live]) if (settled.status === 'fulfilled') await settled.value.client.endAsync(true);
      await browsers.close();
      throw events.status === 'rejected' ? events.reason : (live as PromiseRejectedResult).reason;
    }
    const { client, sessionPresent } = events.value;
    const liveClient = live.value.client;
    const relay = new ExternalRelay(client, liveClient, browsers, pending, eventTopic);
    // Subscriptions are renewed on every (re)connect: a restarted broker may have forgotten them.
    const subscribeLive = () =>
      liveClient.subscribe({ [LIVE_TOPIC]: { qos: 0 } }, (error) => error && deps.log.warn({ err: error.message }, 'external broker subscribe failed'));
    liveClient.on('connect', subscribeLive);
    subscribeLive();
    const subscribe = (kept: boolean) => {
      const taking = !relay.released;
      const topics: ISubscriptionMap = {};
      if (taking) topics[eventTopic] = { qos: 1 };
      // A kept shared event subscription is left and taken again: Mosquitto (2.0.11) that restored
      // the session from its persistence file after a restart delivers nothing through it, even when
      // it is subscribed again, until it has been unsubscribed (issue 22, item 2). Both packets leave
      // together. A plain subscription needs no such dance: Mosquitto delivers through it, and
      // queues for it while the portal is away.
      if (kept && taking && options.events === 'shared') client.unsubscribe(EVENT_SHARE);
      relay.eventsSubscribed = !taking;
      if (taking) {
        client.subscribe(topics, (error) => {
          if (error) deps.log.warn({ err: error.message }, 'external broker subscribe failed');
          else relay.eventsSubscribed = true;
        });
      }
      // A kept session may hold the other mode's event subscription (a portal before issue 24 held the
      // plain one; a portal that switched MQTT_EVENT_SUBSCRIPTION holds the other): it is left after
      // the new one is taken, so no event falls between, and none comes twice through two
      // subscriptions. A portal released while away from the broker leaves both. It may also hold
      // live data, taken through this client before the live client was one of its own: left too.
      if (kept) client.unsubscribe([LIVE_TOPIC, ...(!taking ? [EVENT_TOPICS, EVENT_SHARE] : [eventTopic === EVENT_SHARE ? EVENT_TOPICS : EVENT_SHARE])]);
    };
    client.on('connect', (connack) => subscribe(connack.sessionPresent));
    subscribe(sessionPresent);
    return relay;
  }

  /** Machines connect to the external broker: the portal listens for none. */
  async listenTcp(): Promise<null> {
    return null;
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.browsers.handleUpgrade(request, socket, head);
  }

  stats(): BrokerStats {
    return { ...this.browsers.stats(), mode: 'external', externalConnected: this.client.connected && this.eventsSubscribed && this.liveClient.connected };
  }

  /**
   * The hand-over. With `shared` it leaves the event subscription: the broker sends the next events
   * to the other portals; the events already delivered here are stored and acknowledged before the
   * client ends, so none waits in this portal's session. With `each` it keeps it: every other portal
   * gets every event anyway, and the broker queues them in this portal's persistent session while
   * it is away, so a portal that restarts alone on the broker loses none (they are stored when it is
   * back; those the others stored meanwhile are no-ops).
   */
  async release(): Promise<void> {
    if (this.released || this.eventTopic !== EVENT_SHARE) return;
    this.released = true;
    if (this.client.connected) await this.client.unsubscribeAsync(this.eventTopic).catch(() => {});
  }

  async close(): Promise<void> {
    await this.release();
    await this.pending.settled(5_000);
    await Promise.all([this.client, this.liveClient].map((client) => client.endAsync(false).catch(() => client.endAsync(true))));
    await this.browsers.close();
  }
}

/** The events client's handler: mqtt.js sends the PUBACK of a QoS 1 message when the callback is called, so only after storing. */
function eventHandler(machines: MachineMessages, pending: PendingEvents): MqttClient['handleMessage'] {
  return (packet, callback) => {
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const finish = pending.start();
    if (
      machines.event(packet.topic, payload, (error) => {
        callback(error);
        finish();
      })
    )
      return;
    finish();
    // Live data through a kept session's old subscription, until it is left.
    machines.live(packet.topic, payload);
    callback();
  };
}

/** MQTT's PINGREQ: two bytes, answered by a PINGRESP and nothing else. */
const PINGREQ = Buffer.from([0xc0, 0x00]);

/** How soon a PINGRESP read alone is acknowledged by the next PINGREQ, while live data flows. */
export const PING_FOLLOW_UP_MS = 2;
/**
 * How long after the last live data the PINGRESPs are still acknowledged that way: longer than the
 * gaps of a fleet's live data (machines send once a second), so that the chain ends only when the
 * broker has gone quiet, and the kernel's delayed acknowledgement of the last PINGRESP (40 ms) has
 * come long before the next live message.
 */
export const PING_ACTIVE_MS = 5_000;

/**
 * Has the relay acknowledge what it reads from the broker at once, so that the broker's Nagle
 * algorithm never holds the next live messages for a delayed acknowledgement (issue 36, item 5).
 *
 * The live client only receives: QoS 0 is answered by nothing. Mosquitto sends with Nagle's
 * algorithm on (its `set_tcp_nodelay` is false by default, and the portal cannot rely on an
 * operator's broker config), so while one small segment to the portal is unacknowledged it holds
 * the next ones; and Linux, seeing live messages of one size, delays its acknowledgement of a
 * single one by 40 ms when nothing goes back to piggyback it on. At 1,000 machines a second the
 * pages received live data up to 45 ms late (p99 46 ms, 2 ms on the embedded broker).
 *
 * A PINGREQ after each read carries that acknowledgement at once (on a socket without Nagle of
 * its own, so the PINGREQ itself is never held). Its PINGRESP is a small segment too, which holds
 * the next live data in the same way: while live data flows (`activeMs`), a PINGRESP read alone is
 * acknowledged by another PINGREQ after `followUpMs`, which bounds that hold, and the PINGREQs to
 * one per `followUpMs` beyond one per read (answering every PINGRESP at once is a loop at the
 * loopback's speed: 60% of a core). mqtt.js takes the PINGRESPs as keepalive answers; its own
 * keepalive is unchanged.
 */
export function acknowledgePromptly(
  stream: Duplex & { setNoDelay?(noDelay: boolean): unknown },
  { followUpMs, activeMs } = { followUpMs: PING_FOLLOW_UP_MS, activeMs: PING_ACTIVE_MS },
): void {
  stream.setNoDelay?.(true);
  let lastData = -Infinity;
  let followUp: NodeJS.Timeout | null = null;
  const ping = () => {
    // Anything still waiting to be written carries the acknowledgement itself.
    if (stream.writableLength === 0 && stream.writable) stream.write(PINGREQ);
  };
  stream.on('data', (chunk: Buffer) => {
    if (!onlyPingResponses(chunk)) {
      lastData = performance.now();
      if (followUp) clearTimeout(followUp), (followUp = null);
      ping();
    } else if (!followUp && performance.now() - lastData < activeMs) {
      followUp = setTimeout(() => ((followUp = null), ping()), followUpMs);
    }
  });
  stream.once('close', () => followUp && clearTimeout(followUp));
}

/** Whether a read holds nothing but PINGRESPs (0xd0 0x00 each). */
function onlyPingResponses(chunk: Buffer): boolean {
  if (chunk.length % 2) return false;
  for (let i = 0; i < chunk.length; i += 2) if (chunk[i] !== 0xd0 || chunk[i + 1] !== 0x00) return false;
  return true;
}

/** The live client's handler: taken in as it comes, never waiting on the database. */
function liveHandler(machines: MachineMessages): MqttClient['handleMessage'] {
  return (packet, callback) => {
    machines.live(packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload));
    callback();
  };
}

/**
 * A client of the portal on the external broker, once it is connected. The events client has a
 * fixed id and a persistent session, so the broker keeps the events that arrive while the portal
 * restarts (MQTT 5 for the shared subscription and the session expiry; each portal needs an id of
 * its own, MQTT_CLIENT_ID); the live client's session is clean.
 */
async function connect(url: string, options: { clientId: string; persistent: boolean; promptAcks?: boolean }, handle: MqttClient['handleMessage'], log: BrokerLogger): Promise<{ client: MqttClient; sessionPresent: boolean }> {
  const client = mqtt.connect(url, {
    clientId: options.clientId,
    protocolVersion: 5,
    ...(options.persistent ? { properties: { sessionExpiryInterval: SESSION_EXPIRY_S }, clean: false } : { clean: true }),
    keepalive: 30,
    reconnectPeriod: RECONNECT_MS,
    connectTimeout: 5_000,
  });
  client.handleMessage = handle;
  // Every (re)connection has a stream of its own; its CONNACK is the first thing read on it.
  if (options.promptAcks) client.on('connect', () => acknowledgePromptly(client.stream));
  client.on('error', (error) => log.warn({ err: error.message, clientId: options.clientId }, 'external broker error'));
  const sessionPresent = await new Promise<boolean>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer from the MQTT broker at ${redact(url)} within 10 s`)), 10_000);
    client.once('connect', (connack) => {
      clearTimeout(timer);
      resolve(connack.sessionPresent);
    });
  }).catch(async (error) => {
    await client.endAsync(true);
    throw error;
  });
  return { client, sessionPresent };
}

/** A broker URL without its password, for logs and errors. */
export const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/** The events handed to the portal and not yet stored: a closing relay waits for them before it ends. */
class PendingEvents {
  private count = 0;
  private waiters: (() => void)[] = [];

  start(): () => void {
    this.count++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--this.count === 0) for (const wake of this.waiters.splice(0)) wake();
    };
  }

  settled(timeoutMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.waiters.push(() => (clearTimeout(timer), resolve()));
    });
  }
}
