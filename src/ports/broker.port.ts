import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * What the portal does with the machines' messages (ADR 0005, ADR 0006): live data on
 * `<OrderNumber>` is read as it passes; an event is taken before the broker acknowledges it.
 */
export interface MachineMessages {
  /** A message that is no event: live data (QoS 0; the next one replaces a lost one). */
  live(topic: string, payload: Buffer): void;
  /**
   * A message that may be an event: true when it is one and was taken. `done` without an error
   * lets the acknowledgement go out; with one the broker does not acknowledge, and the machine
   * sends the event again.
   */
  event(topic: string, payload: Buffer, done: (error?: Error) => void): boolean;
}

/** Who may connect, publish and subscribe: the portal's broker rules (ADR 0005), for any identity they name. */
export interface BrokerAccess<I> {
  /** The identity behind a connection's credentials and client id (an id must be that identity's own), or null. */
  authenticate(username: string | undefined, password: string | undefined, clientId: string | undefined): Promise<I | null>;
  canPublish(identity: I, topic: string): boolean;
  canSubscribe(identity: I, topic: string): Promise<boolean>;
}

export interface BrokerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** What a broker reports to the staff's telemetry page. */
export interface BrokerStats {
  /** `embedded`: machines and browsers on the portal's own broker; `external`: machines on MQTT_URL. */
  mode: 'embedded' | 'external';
  /** Whether the portal's client on the external broker is connected; null when embedded. */
  externalConnected: boolean | null;
  /** Clients on the portal's own broker (browsers, and machines when embedded). */
  connectedClients: number;
  /** Live messages dropped because the portal's broker was overloaded. */
  shed: number;
}

/**
 * The MQTT broker as the portal needs it: machine messages in (to `MachineMessages`), the live feed
 * out to browsers on `/mqtt` (the portal's own broker, which an external one's live data is
 * relayed to), the machines' TCP listener where the portal is their broker, and close.
 */
export interface BrokerPort {
  /** MQTT over TCP for machines (port 0 picks a free one): the bound port, or null when machines use an external broker. */
  listenTcp(port: number, host: string): Promise<number | null>;
  /** Takes an HTTP upgrade for `/mqtt` (browsers, and machines behind a websocket proxy). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  stats(): BrokerStats;
  /**
   * Stops taking machine events while still serving the live data (a portal handing over): on a
   * broker shared by several portals the others take them from now on. Absent where the portal
   * is the machines' only broker.
   */
  release?(): Promise<void>;
  close(): Promise<void>;
}

/** What a broker is opened with: the access rules, the portal's handling of machine messages, a logger. */
export interface BrokerDeps<I> {
  access: BrokerAccess<I>;
  /**
   * Keeps a connection's `close` with the login session behind its identity, so that ending the
   * session closes it; answers the function to call when the connection ends, null when it is not
   * tracked, or false to refuse the connection (the user holds too many already).
   */
  track?(identity: I, close: () => void): (() => void) | null | false;
  machines: MachineMessages;
  log: BrokerLogger;
  /**
   * The session token the websocket upgrade request of a connection carries in its cookie (the web
   * app's session, ADR 0014), taken as the password when the CONNECT sends none.
   */
  tokenOfUpgrade?(request: unknown): string | null;
}

/** Opens the broker the infrastructure root chose; machine messages flow to `machines` from the first one on. */
export type OpenBroker = <I>(deps: BrokerDeps<I>) => Promise<BrokerPort>;
