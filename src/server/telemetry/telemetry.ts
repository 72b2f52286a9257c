import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Config } from '../config';
import type { DeviceService } from '../services/device.service';
import type { SessionService } from '../services/session.service';
import { loadDeviceKey } from './device-key';
import { DataService } from './data-service';
import { EmbeddedBroker, type BrokerLogger } from './embedded-broker';
import { ExternalRelay, PORTAL_TOPICS } from './external-relay';
import { LiveValues } from './live-values';
import { MqttAccess, machineOfTopic } from './mqtt-access';

export interface TelemetryDeps {
  config: Pick<Config, 'dataDir' | 'deviceKey' | 'mqttUrl'>;
  sessions: Pick<SessionService, 'authenticate'>;
  devices: Pick<DeviceService, 'ownsMachine'>;
  log: BrokerLogger;
}

/** Websocket paths on the portal's own port. */
export const MQTT_WS_PATH = '/mqtt';
export const DATA_WS_PATH = '/ws/data';

/**
 * The live side of the portal: the broker (embedded, or relaying an external one), the latest
 * values of every machine, and the websocket data service of the sheet pages.
 */
export class Telemetry {
  private relay: ExternalRelay | null = null;

  private constructor(
    readonly access: MqttAccess,
    readonly broker: EmbeddedBroker,
    readonly live: LiveValues,
    readonly dataService: DataService,
    readonly deviceKey: string,
  ) {}

  static async create(deps: TelemetryDeps): Promise<Telemetry> {
    const deviceKey = loadDeviceKey(deps.config.dataDir, deps.config.deviceKey);
    const authenticateToken = (token: string) => deps.sessions.authenticate(token);
    const ownsMachine = (userId: string, orderNumber: string) => deps.devices.ownsMachine(userId, orderNumber);
    const service = deps.config.mqttUrl ? serviceCredentials(deps.config.mqttUrl) : null;
    const access = new MqttAccess({ deviceKey, authenticateToken, ownsMachine, service });
    const live = new LiveValues();
    const broker = await EmbeddedBroker.create(access, deps.log);
    const telemetry = new Telemetry(access, broker, live, new DataService({ live, authenticateToken, ownsMachine }), deviceKey);
    if (deps.config.mqttUrl) {
      // Machines are on the external broker; the embedded one only carries its live data to browsers.
      telemetry.relay = await ExternalRelay.connect(
        deps.config.mqttUrl,
        (topic, payload) => {
          telemetry.take(topic, payload);
          if (machineOfTopic(topic) === topic) broker.publish(topic, payload);
        },
        deps.log,
      );
    } else {
      for (const topic of PORTAL_TOPICS) broker.subscribe(topic, (t, payload) => telemetry.take(t, payload));
    }
    return telemetry;
  }

  /** Routes websocket upgrades of the portal's HTTP server: `/mqtt` and `/ws/data`; anything else is refused. */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const pathname = (request.url ?? '').split('?')[0];
      if (pathname === MQTT_WS_PATH) return this.broker.handleUpgrade(request, socket, head);
      if (pathname === DATA_WS_PATH) return this.dataService.handleUpgrade(request, socket, head);
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
    });
  }

  /** A message from a machine topic: live values now; events are stored by the reports issue. */
  private take(topic: string, payload: Buffer): void {
    if (machineOfTopic(topic) === topic) this.live.ingest(topic, payload);
  }

  get external(): boolean {
    return this.relay !== null;
  }

  stats() {
    return {
      broker: this.relay ? 'external' : 'embedded',
      externalConnected: this.relay?.connected ?? null,
      connectedClients: this.broker.connectedClients,
      dataServiceConnections: this.dataService.connections,
      machinesWithValues: this.live.size,
      messagesAccepted: this.live.counters.accepted,
      messagesDropped: this.live.counters.dropped,
      messagesShed: this.broker.shed,
    };
  }

  async close(): Promise<void> {
    await this.relay?.close();
    await this.dataService.close();
    await this.broker.close();
  }
}

/** The portal's own user on the external broker, from the URL's user info. */
function serviceCredentials(url: string): { username: string; password: string } | null {
  try {
    const parsed = new URL(url);
    return parsed.username ? { username: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) } : null;
  } catch {
    return null;
  }
}
