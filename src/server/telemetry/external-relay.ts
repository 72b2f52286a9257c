import mqtt, { type MqttClient } from 'mqtt';
import { hostname } from 'node:os';
import type { EventTaker, TopicListener } from './embedded-broker';

/** The topics the portal reads: live data (QoS 0, the next message replaces a lost one) and machine events (QoS 1). */
const LIVE_TOPIC = '+';
const EVENT_TOPICS = '+/event/+';

/**
 * With `MQTT_URL` machines publish to an external broker (Mosquitto, EMQX). The portal subscribes
 * there with its own credentials (the URL's user and password) and hands every message on:
 * to the live values and to the embedded broker, which then serves only the browsers on `/mqtt`.
 */
export class ExternalRelay {
  private constructor(private readonly client: MqttClient) {}

  static async connect(
    url: string,
    handlers: { live: TopicListener; event: EventTaker; clientId?: string },
    log: { warn(obj: object, msg: string): void },
  ): Promise<ExternalRelay> {
    const client = mqtt.connect(url, {
      // A fixed id and a persistent session: the broker keeps the events that arrive while the portal restarts.
      clientId: handlers.clientId ?? `portal-${hostname()}`.slice(0, 64),
      protocolVersion: 4,
      keepalive: 30,
      reconnectPeriod: 2_000,
      connectTimeout: 5_000,
      clean: false,
    });
    // mqtt.js sends the PUBACK of a QoS 1 message when this callback is called: only after storing.
    client.handleMessage = (packet, callback) => {
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      if (handlers.event(packet.topic, payload, (error) => callback(error))) return;
      handlers.live(packet.topic, payload);
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
    return new ExternalRelay(client);
  }

  get connected(): boolean {
    return this.client.connected;
  }

  close(): Promise<void> {
    return this.client.endAsync(true);
  }
}

/** A broker URL without its password, for logs and errors. */
export const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
