import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { IncomingMessage } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { BrokerDeps, BrokerPort, BrokerStats } from '../../ports/broker.port';
import { mqttWebSocketStream } from './websocket-stream';

/** aedes' message emitter, as far as the overload guard needs it. */
export interface MessageQueue {
  length: number;
  emit(packet: { topic: string; qos?: number }, done?: (error?: Error) => void): unknown;
}

/**
 * Messages waiting inside the broker beyond which new ones are shed. aedes' emitter drains its
 * queue by recursion, so a queue of many thousands overflows the stack and takes the process
 * down (about 50,000 messages a second on this machine); a short queue also keeps latency low.
 */
export const MAX_QUEUED_MESSAGES = 500;

/**
 * The MQTT broker inside the server (aedes): MQTT over TCP on its own port and over websocket at
 * `/mqtt` on the portal's port, every connection checked by the portal's access rules.
 */
export class EmbeddedBroker<I = unknown> implements BrokerPort {
  /** Live messages dropped because the broker was overloaded. */
  shed = 0;
  private readonly identities = new WeakMap<Client, I>();
  private readonly wss = new WebSocketServer({
    noServer: true,
    // mqtt.js asks for the `mqtt` subprotocol; answer it so browsers accept the socket.
    handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false),
    maxPayload: 256 * 1024,
  });
  private tcp: Server | null = null;

  private constructor(
    readonly aedes: Aedes,
    { access, machines, log, track, tokenOfUpgrade }: BrokerDeps<I>,
  ) {
    aedes.authenticate = (client, username, password, done) => {
      // A browser on the portal's pages sends no password: its session is the cookie of the upgrade request (ADR 0014).
      const secret = password?.toString('utf8') || (client.req && tokenOfUpgrade?.(client.req)) || undefined;
      access.authenticate(username, secret, client.id).then(
        (identity) => {
          if (!identity) return done(authError(), false);
          // Ending the login session closes the connection (issue 21, item 2); a user at the cap gets no more (item 9).
          const untrack = track?.(identity, () => client.close());
          if (untrack === false) return done(Object.assign(new Error('Too many connections'), { returnCode: 3 }) as AuthenticateError, false);
          this.identities.set(client, identity);
          if (untrack) client.conn.once('close', untrack);
          done(null, true);
        },
        (error: Error) => done(Object.assign(error, { returnCode: 3 }) as AuthenticateError, false),
      );
    };
    aedes.authorizePublish = (client, packet, done) => {
      const identity = client && this.identities.get(client);
      if (!identity || !access.canPublish(identity, packet.topic)) return done(new Error(`publishing to ${packet.topic} is not allowed`));
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      // Events are stored before the broker acknowledges them (ADR 0006).
      if (machines.event(packet.topic, payload, (error) => done(error ?? null))) return;
      // Live values are taken before the overload guard can shed the message: for a machine
      // nobody watches this only keeps the buffer (LiveValues), so shedding earlier would save
      // next to nothing, and the data service keeps fresh values while browsers miss messages.
      // Measured (docs/BENCHMARKS.md, overload): the server stops shedding within a few hundred
      // milliseconds after the load falls. Reading a message as it comes in also costs less than
      // a subscription of the portal's own that the broker would deliver every message to again.
      machines.live(packet.topic, payload);
      done(null);
    };
    aedes.authorizeSubscribe = (client, subscription, done) => {
      const identity = client && this.identities.get(client);
      if (!identity) return done(null, null);
      // A refused subscription is negated (SUBACK 0x80), not fatal: the page shows the refusal.
      access.canSubscribe(identity, subscription.topic).then(
        (allowed) => done(null, allowed ? subscription : null),
        () => done(null, null),
      );
    };
    aedes.on('clientError', (client, error) => log.warn({ client: client.id, err: error.message }, 'mqtt client error'));
    guardMessageQueue((aedes as unknown as { mq: MessageQueue }).mq, MAX_QUEUED_MESSAGES, () => this.shed++);
  }

  static async open<I>(deps: BrokerDeps<I>): Promise<EmbeddedBroker<I>> {
    const aedes = await Aedes.createBroker({
      // Messages delivered at once; beyond them aedes queues (and the guard below sheds past 500
      // queued). With 10,000 machines a burst of a few hundred is normal and must not be shed.
      concurrency: 1000,
      // A stalled subscriber must not block delivery to the others for long.
      drainTimeout: 10_000,
      connectTimeout: 5_000,
      heartbeatInterval: 60_000,
      maxClientsIdLength: 64,
      maxTopicLevels: 8,
    });
    return new EmbeddedBroker(aedes, deps);
  }

  /** MQTT over TCP for machines (port 0 picks a free one); answers the bound port. */
  async listenTcp(port: number, host: string): Promise<number> {
    const server = createServer((socket: Socket) => {
      // Telemetry is many small packets: do not wait to fill a segment.
      socket.setNoDelay(true);
      this.aedes.handle(socket);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.tcp = server;
    return (server.address() as AddressInfo).port;
  }

  /** Takes an HTTP upgrade for `/mqtt` (browsers and machines behind a websocket proxy). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    (socket as Socket).setNoDelay?.(true);
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      this.aedes.handle(mqttWebSocketStream(ws), request);
    });
  }

  /** Delivers a message to subscribers on the portal's behalf (the relay of an external broker). */
  publish(topic: string, payload: Buffer): void {
    this.aedes.publish({ cmd: 'publish', topic, payload, qos: 0, retain: false, dup: false }, () => {});
  }

  stats(): BrokerStats {
    return { mode: 'embedded', externalConnected: null, connectedClients: this.aedes.connectedClients, shed: this.shed };
  }

  async close(): Promise<void> {
    for (const ws of this.wss.clients) ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    // aedes.close ends every client connection, after which the TCP listener can close.
    await new Promise<void>((resolve) => this.aedes.close(() => resolve()));
    if (this.tcp) {
      const tcp = this.tcp;
      this.tcp = null;
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    }
  }
}

/**
 * Sheds live messages (QoS 0 telemetry: the next one a second later replaces it) while the
 * broker's queue holds `limit` or more. Events (QoS 1, ADR 0006) pass: they are stored before the
 * broker takes them, at the pace of the database, so they cannot flood the queue, and a page
 * watching the machine should see them. The broker's own `$SYS` messages always pass.
 */
export function guardMessageQueue(mq: MessageQueue, limit: number, onShed: () => void): void {
  const emit = mq.emit.bind(mq);
  mq.emit = (packet, done) => {
    if (mq.length >= limit && !packet.qos && !packet.topic.startsWith('$SYS')) {
      onShed();
      done?.();
      return mq;
    }
    return emit(packet, done);
  };
}

function authError(): AuthenticateError {
  // CONNACK 5: not authorized.
  return Object.assign(new Error('Bad user name or password'), { returnCode: 5 }) as AuthenticateError;
}
