import { upgradeSessionToken } from '../session-cookie';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { BrokerLogger, BrokerPort, MachineMessages } from '../../ports/broker.port';
import type { MachineEventStore } from '../../ports/machine-event-store.port';
import { DEFAULT_EVENT_SPOOL_MAX_BYTES, type Config } from '../config';
import type { BrokerChoice } from '../infrastructure';
import type { DeviceService } from '../services/device.service';
import type { SessionService } from '../services/session.service';
import { BrokerHooks } from './broker-hooks';
import { DataService } from './data-service';
import { EventDiskSpool, spoolFolderOf } from './event-disk-spool';
import { EventIngest } from './event-ingest';
import { LiveSessions } from './live-sessions';
import { LiveValues } from './live-values';
import { MqttAccess, eventOfTopic, machineOfTopic, type MqttIdentity } from './mqtt-access';

export interface TelemetryDeps {
  config: Pick<Config, 'dataDir'> & Partial<Pick<Config, 'mqttClientId' | 'eventSpoolMaxBytes'>>;
  /** The broker the infrastructure root chose: embedded, or the external one at MQTT_URL. */
  broker: BrokerChoice;
  /** The machines' broker passwords derive from it (device-key.ts); the composition root loads it. */
  deviceKey: string;
  sessions: Pick<SessionService, 'authenticate' | 'liveAmong'>;
  devices: Pick<DeviceService, 'seesLive' | 'liveMachinesOf'>;
  events: MachineEventStore;
  log: BrokerLogger;
}

/** Reads every machine's live messages as they pass (the alarm watch); it must be quick and never throw. */
export type LiveTap = (orderNumber: string, payload: Buffer) => void;

/** Websocket paths on the portal's own port. */
export const MQTT_WS_PATH = '/mqtt';
export const DATA_WS_PATH = '/ws/data';

/**
 * The live side of the portal: the broker (behind its port: embedded, or relaying an external
 * one), its rules and the hooks that ask them over HTTP, the latest values of every machine, the
 * machine events, and the websocket data service of the sheet pages.
 */
export class Telemetry {
  readonly hooks: BrokerHooks;
  /** True once the portal hands over (SIGTERM): readiness answers 503 and no new live connection is taken. */
  draining = false;

  private constructor(
    readonly access: MqttAccess,
    readonly broker: BrokerPort,
    readonly live: LiveValues,
    readonly dataService: DataService,
    readonly events: EventIngest,
    readonly deviceKey: string,
    readonly liveSessions: LiveSessions,
    readonly spool: EventDiskSpool,
    private readonly liveTaps: LiveTap[],
  ) {
    this.hooks = new BrokerHooks(access);
  }

  static async create(deps: TelemetryDeps): Promise<Telemetry> {
    const authenticateToken = (token: string) => deps.sessions.authenticate(token);
    // A member of the machine's company watches it live, whatever their role (ADR 0030).
    const ownsMachine = (userId: string, orderNumber: string) => deps.devices.seesLive(userId, orderNumber);
    const liveAmong = (tokenHashes: string[]) => deps.sessions.liveAmong(tokenHashes);
    const liveSessions = new LiveSessions(liveAmong);
    const machinesOf = (userId: string) => deps.devices.liveMachinesOf(userId);
    const access = new MqttAccess({ deviceKey: deps.deviceKey, authenticateToken, ownsMachine, machinesOf, liveSessions: liveAmong, service: deps.broker.serviceUser });
    const live = new LiveValues();
    const liveTaps: LiveTap[] = [];
    // While PostgreSQL is away events are acknowledged once on disk, so machines stay connected (issue 22).
    const spool = await EventDiskSpool.open({
      dir: spoolFolderOf(deps.config.dataDir, deps.config.mqttClientId ?? null, deps.broker.machinesUrl !== null),
      maxBytes: deps.config.eventSpoolMaxBytes ?? DEFAULT_EVENT_SPOOL_MAX_BYTES,
      store: deps.events,
      log: deps.log,
    });
    const events = new EventIngest(spool);
    const machines: MachineMessages = {
      // Events are stored before the broker acknowledges them; live values are read as they pass.
      event: (topic, payload, done) => {
        const event = eventOfTopic(topic);
        if (!event) return false;
        events.take(event.orderNumber, event.kind, payload, done);
        return true;
      },
      live: (topic, payload) => {
        if (machineOfTopic(topic) !== topic) return;
        live.ingest(topic, payload);
        for (const tap of liveTaps) tap(topic, payload);
      },
    };
    const track = (identity: MqttIdentity, close: () => void) =>
      identity.kind === 'user' && identity.tokenHash ? (liveSessions.track(identity.tokenHash, identity.userId, close) ?? false) : null;
    const tokenOfUpgrade = (request: unknown) => upgradeSessionToken(request as IncomingMessage);
    const broker = await deps.broker.open({ access, machines, log: deps.log, track, tokenOfUpgrade }).catch(async (error: unknown) => {
      await spool.close();
      throw error;
    });
    const dataService = new DataService({
      live,
      authenticateToken,
      ownsMachine,
      track: (caller, close) => liveSessions.track(caller.tokenHash, caller.userId, close),
      tokenOfUpgrade: upgradeSessionToken,
    });
    return new Telemetry(access, broker, live, dataService, events, deps.deviceKey, liveSessions, spool, liveTaps);
  }

  /** Adds a reader of the live messages (areas' `attach`). */
  tapLive(tap: LiveTap): void {
    this.liveTaps.push(tap);
  }

  /** Routes websocket upgrades of the portal's HTTP server: `/mqtt` and `/ws/data`; anything else is refused. */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      // A draining portal takes no new live page: the page retries and the balancer sends it elsewhere.
      if (this.draining) return void socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 1\r\n\r\n');
      const pathname = (request.url ?? '').split('?')[0];
      if (pathname === MQTT_WS_PATH) return this.broker.handleUpgrade(request, socket, head);
      if (pathname === DATA_WS_PATH) return this.dataService.handleUpgrade(request, socket, head);
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
    });
  }

  stats() {
    const broker = this.broker.stats();
    return {
      broker: broker.mode,
      externalConnected: broker.externalConnected,
      connectedClients: broker.connectedClients,
      dataServiceConnections: this.dataService.connections,
      machinesWithValues: this.live.size,
      messagesAccepted: this.live.counters.accepted,
      messagesDropped: this.live.counters.dropped,
      messagesShed: broker.shed,
      eventsStored: this.events.counters.stored,
      eventsMalformed: this.events.counters.malformed,
      eventBatchesFailed: this.events.counters.failedBatches,
      eventsSpooled: this.spool.counters.spooled,
      eventSpoolBytes: this.spool.state.bytes,
    };
  }

  /**
   * The start of a hand-over (issue 24): readiness turns 503 so the balancer stops sending, no new
   * live connection is taken, and machine events go to the other portals (the event subscription
   * is left); what is open keeps being served until `close`.
   */
  async handOver(): Promise<void> {
    this.draining = true;
    await this.broker.release?.();
  }

  async close(): Promise<void> {
    this.draining = true;
    this.liveSessions.stop();
    await this.broker.close();
    await this.dataService.close();
    await this.events.drain();
    await this.spool.close();
  }
}
