import { inject, injectable, optional, type ServiceIdentifier } from 'inversify';
import type { IClientOptions, MqttClient } from 'mqtt';
import {
  MQTT_CONNECT_TIMEOUT_MS,
  MQTT_KEEPALIVE_S,
  MQTT_PATH,
  MQTT_RECONNECT_MS,
} from '../../domain/telemetry/telemetry-constants';
import { isOrderNumber } from '../../domain/devices/order-number';
import { browserClientId } from '../../domain/telemetry/mqtt-client-id';
import type { SessionStorePort } from '../../ports/session-store.port';
import { SessionStoreToken } from '../../ports/tokens';
import type { TubeFeedListener, TubeFeedPort } from '../../ports/tube-feed.port';

/** `mqtt.connect`, however the module was loaded. */
export type MqttConnect = (url: string, options: IClientOptions) => MqttClient;

export interface MqttTubeFeedSettings {
  /** Defaults to `ws://` or `wss://` (like the page) on the page's own host, path `/mqtt`. */
  url?: string;
  /** Loads mqtt.js; defaults to a dynamic import, so the library is fetched only by the page that subscribes. */
  load?: () => Promise<MqttConnect>;
}

export const MqttTubeFeedSettingsToken: ServiceIdentifier<MqttTubeFeedSettings> = Symbol.for('MqttTubeFeedSettings');

/** The browser bundle of mqtt.js has only a default export; Node's build has `connect` as well. */
async function loadMqtt(): Promise<MqttConnect> {
  const module = (await import('mqtt')) as unknown as { connect?: MqttConnect; default?: { connect?: MqttConnect } };
  const connect = module.connect ?? module.default?.connect;
  if (!connect) throw new Error('mqtt.js did not load');
  return connect;
}

/** The portal's broker on the page's own origin, `ws:` or `wss:` like the page. */
export function pageMqttUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${MQTT_PATH}`;
}

/** 12 random letters and digits: one page's own client id beside the user's other pages. */
function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * TubeFeedPort over MQTT 3.1.1 on a websocket (ADR 0005): username = the stored UserId, password =
 * the session token, keepalive 100 s, connect timeout 5 s, reconnect every 2 s; subscribes to the
 * order number's topic. mqtt.js is imported on first use only.
 */
@injectable()
export class MqttTubeFeed implements TubeFeedPort {
  constructor(
    @inject(SessionStoreToken) private readonly session: SessionStorePort,
    @inject(MqttTubeFeedSettingsToken) @optional() private readonly settings?: MqttTubeFeedSettings,
  ) {}

  subscribe(orderNumber: string, listener: TubeFeedListener): () => void {
    // An order number is the topic: one with `/ + #` (or empty) would be another topic or a wildcard.
    if (!isOrderNumber(orderNumber)) {
      queueMicrotask(() => listener.failed('subscribe', `not an order number: ${orderNumber}`));
      return () => {};
    }
    let client: MqttClient | null = null;
    let ended = false;
    (this.settings?.load ?? loadMqtt)()
      .then((connect) => {
        if (ended) return;
        client = connect(this.settings?.url ?? pageMqttUrl(window.location), this.options());
        this.follow(client, orderNumber, listener);
      })
      .catch((error: unknown) => {
        if (!ended) listener.failed('unavailable', messageOf(error));
      });
    return () => {
      ended = true;
      client?.removeAllListeners();
      // Swallow the errors of a socket torn down mid-handshake; nobody is listening any more.
      client?.on('error', () => {});
      client?.end(true);
    };
  }

  private options(): IClientOptions {
    const userId = this.session.userId() ?? '';
    return {
      protocolVersion: 4,
      // The broker takes only ids bound to the user who logs in (domain/telemetry/mqtt-client-id).
      clientId: browserClientId(userId, randomSuffix()),
      username: userId,
      // No password from the web app: the broker takes the session from the upgrade's HttpOnly cookie (ADR 0014).
      ...(this.session.token() ? { password: this.session.token() ?? '' } : {}),
      keepalive: MQTT_KEEPALIVE_S,
      connectTimeout: MQTT_CONNECT_TIMEOUT_MS,
      reconnectPeriod: MQTT_RECONNECT_MS,
      // A refused login is tried again too: with an external broker the refusal may come from a hook that was briefly down.
      reconnectOnConnackError: true,
      clean: true,
      resubscribe: false,
    };
  }

  private follow(client: MqttClient, orderNumber: string, listener: TubeFeedListener): void {
    let connected = false;
    let reported = false;
    client.on('connect', () => {
      connected = true;
      reported = false;
      // Subscribed on every connect (resubscribe is off), so a refusal is seen each time.
      client.subscribe(orderNumber, { qos: 0 }, (error, granted) => {
        if (error) listener.failed('subscribe', error.message);
        // MQTT 3.1.1 refuses a subscription with the return code 128 in SUBACK.
        else if (granted?.some((grant) => grant.qos === 128)) listener.failed('subscribe', `SUBACK 128 for ${orderNumber}`);
        else listener.connected();
      });
    });
    client.on('message', (topic, payload) => {
      if (topic === orderNumber) listener.message(payload.toString());
    });
    client.on('error', (error) => {
      reported = true;
      listener.failed('connect', error.message);
    });
    client.on('close', () => {
      // A connection lost is said at once (the page shows offline), not only when mqtt.js tries again 2 s later.
      if (connected) listener.reconnecting();
      // A browser websocket that cannot open often closes without an error event: say so, once per attempt.
      else if (!reported) {
        reported = true;
        listener.failed('connect', 'connection closed');
      }
      connected = false;
    });
    client.on('reconnect', () => {
      reported = false;
      listener.reconnecting();
    });
  }
}
