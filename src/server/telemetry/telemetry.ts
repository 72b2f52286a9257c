import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { MachineEventStore } from '../../ports/machine-event-store.port';
import type { Config } from '../config';
import type { DeviceService } from '../services/device.service';
import type { SessionService } from '../services/session.service';
import { loadDeviceKey } from './device-key';
import { DataService } from './data-service';
import { EmbeddedBroker, type BrokerLogger, type EventTaker } from './embedded-broker';
import { EventIngest } from './event-ingest';
import { ExternalRelay } from './external-relay';
import { LiveValues } from './live-values';
import { MqttAccess, eventOfTopic, machineOfTopic } from './mqtt-access';

export interface TelemetryDeps {
  config: Pick<Config, 'dataDir' | 'deviceKey' | 'mqttUrl' | 'mqttClientId'>;
  sessions: Pick<SessionService, 'authenticate'>;
  devices: Pick<DeviceService, 'ownsMachine'>;
  events: MachineEventStore;
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
    readonly events: EventIngest,
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
    const events = new EventIngest(deps.events);
    const telemetry = new Telemetry(access, broker, live, new DataService({ live, authenticateToken, ownsMachine }), events, deviceKey);
    const takeEvent: EventTaker = (topic, payload, done) => {
      const event = eventOfTopic(topic);
      if (!event) return false;
      events.take(event.orderNumber, event.kind, payload, done);
      return true;
    };
    if (deps.config.mqttUrl) {
      // Machines are on the external broker; the embedded one only carries their live data to browsers.
      telemetry.relay = await ExternalRelay.connect(
        deps.config.mqttUrl,
        {
          clientId: deps.config.mqttClientId ?? undefined,
          event: takeEvent,
          live: (topic, payload) => {
            telemetry.takeLive(topic, payload);
            if (machineOfTopic(topic) === topic) broker.publish(topic, payload);
          },
        },
        deps.log,
      );
    } else {
      // Events are stored before the broker acknowledges them; live values are read as they pass.
      broker.takeEvent = takeEvent;
      broker.takeLive = (topic, payload) => telemetry.takeLive(topic, payload);
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

  /** A message on a live topic. */
  private takeLive(topic: string, payload: Buffer): void {
    if (machineOfTopic(topic) === topic) this.live.ingest(topic, payload);
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
      eventsStored: this.events.counters.stored,
      eventsMalformed: this.events.counters.malformed,
      eventBatchesFailed: this.events.counters.failedBatches,
    };
  }

  async close(): Promise<void> {
    await this.relay?.close();
    await this.dataService.close();
    await this.broker.close();
    await this.events.drain();
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
