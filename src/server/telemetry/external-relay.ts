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
 */
const LIVE_TOPIC = '+';

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
    private readonly client: MqttClient,
    private readonly browsers: EmbeddedBroker<unknown>,
    private readonly pending: PendingEvents,
    private readonly eventTopic: string,
  ) {}

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
    const { client, sessionPresent } = await connect(url, options.clientId, relayed, deps.log, pending).catch(async (error: unknown) => {
      await browsers.close();
      throw error;
    });
    const relay = new ExternalRelay(client, browsers, pending, eventTopic);
    // Subscriptions are renewed on every (re)connect: a restarted broker may have forgotten them.
    const subscribe = (kept: boolean) => {
      const taking = !relay.released;
      const topics: ISubscriptionMap = { [LIVE_TOPIC]: { qos: 0 } };
      if (taking) topics[eventTopic] = { qos: 1 };
      // A kept shared event subscription is left and taken again: Mosquitto (2.0.11) that restored
      // the session from its persistence file after a restart delivers nothing through it, even when
      // it is subscribed again, until it has been unsubscribed (issue 22, item 2). Both packets leave
      // together. A plain subscription needs no such dance: Mosquitto delivers through it, and
      // queues for it while the portal is away.
      if (kept && taking && options.events === 'shared') client.unsubscribe(EVENT_SHARE);
      client.subscribe(topics, (error) => error && deps.log.warn({ err: error.message }, 'external broker subscribe failed'));
      // A kept session may hold the other mode's event subscription (a portal before issue 24 held the
      // plain one; a portal that switched MQTT_EVENT_SUBSCRIPTION holds the other): it is left after
      // the new one is taken, so no event falls between, and none comes twice through two
      // subscriptions. A portal released while away from the broker leaves both.
      if (kept) client.unsubscribe(!taking ? [EVENT_TOPICS, EVENT_SHARE] : eventTopic === EVENT_SHARE ? EVENT_TOPICS : EVENT_SHARE);
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
    return { ...this.browsers.stats(), mode: 'external', externalConnected: this.client.connected };
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
    await this.client.endAsync(false).catch(() => this.client.endAsync(true));
    await this.browsers.close();
  }
}

/** The portal's client on the external broker, subscribed to every machine's topics, once it is connected. */
async function connect(url: string, clientId: string | null, machines: MachineMessages, log: BrokerLogger, pending: PendingEvents): Promise<{ client: MqttClient; sessionPresent: boolean }> {
  const client = mqtt.connect(url, {
    // A fixed id and a persistent session: the broker keeps the events that arrive while the portal
    // restarts. MQTT 5 for the shared subscription and the session expiry; each portal needs an id of its own (MQTT_CLIENT_ID).
    clientId: clientId ?? `portal-${hostname()}`.slice(0, 64),
    protocolVersion: 5,
    properties: { sessionExpiryInterval: SESSION_EXPIRY_S },
    keepalive: 30,
    reconnectPeriod: 2_000,
    connectTimeout: 5_000,
    clean: false,
  });
  // mqtt.js sends the PUBACK of a QoS 1 message when this callback is called: only after storing.
  client.handleMessage = (packet, callback) => {
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
    machines.live(packet.topic, payload);
    callback();
  };
  client.on('error', (error) => log.warn({ err: error.message }, 'external broker error'));
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
