import mqtt, { type MqttClient } from 'mqtt';
import type { TopicListener } from './embedded-broker';

/** The topics the portal reads on an external broker: live data and machine events. */
export const PORTAL_TOPICS = ['+', '+/event/+'];

/**
 * With `MQTT_URL` machines publish to an external broker (Mosquitto, EMQX). The portal subscribes
 * there with its own credentials (the URL's user and password) and hands every message on:
 * to the live values and to the embedded broker, which then serves only the browsers on `/mqtt`.
 */
export class ExternalRelay {
  private constructor(private readonly client: MqttClient) {}

  static async connect(url: string, onMessage: TopicListener, log: { warn(obj: object, msg: string): void }): Promise<ExternalRelay> {
    const client = mqtt.connect(url, {
      clientId: `portal-${process.pid}-${Math.random().toString(16).slice(2, 10)}`,
      protocolVersion: 4,
      keepalive: 30,
      reconnectPeriod: 2_000,
      connectTimeout: 5_000,
      clean: true,
    });
    client.on('message', (topic, payload) => onMessage(topic, payload));
    client.on('error', (error) => log.warn({ err: error.message }, 'external broker error'));
    // Subscriptions are renewed on every (re)connect: a restarted broker forgets them.
    client.on('connect', () => {
      client.subscribe(PORTAL_TOPICS, { qos: 0 }, (error) => error && log.warn({ err: error.message }, 'external broker subscribe failed'));
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
