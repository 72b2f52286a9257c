import mqtt, { type MqttClient } from 'mqtt';
import type { IncomingMessage } from 'node:http';
import { hostname } from 'node:os';
import type { Duplex } from 'node:stream';
import { isOrderNumber } from '../../domain/devices/order-number';
import type { BrokerDeps, BrokerLogger, BrokerPort, BrokerStats, MachineMessages } from '../../ports/broker.port';
import { EmbeddedBroker } from './embedded-broker';

/** The topics the portal reads: live data (QoS 0, the next message replaces a lost one) and machine events (QoS 1). */
const LIVE_TOPIC = '+';
const EVENT_TOPICS = '+/event/+';

/** The embedded broker of the relay serves browsers only: what a client publishes there is not the portal's to take. */
const NOT_TAKEN: MachineMessages = { live: () => {}, event: () => false };

/**
 * With `MQTT_URL` machines publish to an external broker (Mosquitto, EMQX), which checks them
 * through the portal's HTTP hooks. The portal subscribes there with its own credentials (the
 * URL's user and password) and hands every message on: to the portal's handlers, and live data
 * to the embedded broker, which then serves only the browsers on `/mqtt`.
 */
export class ExternalRelay implements BrokerPort {
  private constructor(
    private readonly client: MqttClient,
    private readonly browsers: EmbeddedBroker<unknown>,
  ) {}

  static async open<I>(url: string, clientId: string | null, deps: BrokerDeps<I>): Promise<ExternalRelay> {
    const browsers = await EmbeddedBroker.open({ ...deps, machines: NOT_TAKEN });
    const relayed: MachineMessages = {
      event: deps.machines.event,
      live: (topic, payload) => {
        deps.machines.live(topic, payload);
        if (isOrderNumber(topic)) browsers.publish(topic, payload);
      },
    };
    const client = await connect(url, clientId, relayed, deps.log).catch(async (error: unknown) => {
      await browsers.close();
      throw error;
    });
    return new ExternalRelay(client, browsers);
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

  async close(): Promise<void> {
    await this.client.endAsync(true);
    await this.browsers.close();
  }
}

/** The portal's client on the external broker, subscribed to every machine's topics, once it is connected. */
async function connect(url: string, clientId: string | null, machines: MachineMessages, log: BrokerLogger): Promise<MqttClient> {
  const client = mqtt.connect(url, {
    // A fixed id and a persistent session: the broker keeps the events that arrive while the portal restarts.
    clientId: clientId ?? `portal-${hostname()}`.slice(0, 64),
    protocolVersion: 4,
    keepalive: 30,
    reconnectPeriod: 2_000,
    connectTimeout: 5_000,
    clean: false,
  });
  // mqtt.js sends the PUBACK of a QoS 1 message when this callback is called: only after storing.
  client.handleMessage = (packet, callback) => {
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    if (machines.event(packet.topic, payload, (error) => callback(error))) return;
    machines.live(packet.topic, payload);
    callback();
  };
  client.on('error', (error) => log.warn({ err: error.message }, 'external broker error'));
  // Subscriptions are renewed on every (re)connect: a restarted broker may have forgotten them.
  client.on('connect', () => {
    client.subscribe({ [LIVE_TOPIC]: { qos: 0 }, [EVENT_TOPICS]: { qos: 1 } }, (error) => error && log.warn({ err: error.message }, 'external broker subscribe failed'));
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer from the MQTT broker at ${redact(url)} within 10 s`)), 10_000);
    client.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  }).catch(async (error) => {
    await client.endAsync(true);
    throw error;
  });
  return client;
}

/** A broker URL without its password, for logs and errors. */
export const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
