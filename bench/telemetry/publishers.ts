import mqttPacket from 'mqtt-packet';
import { connect, type Socket } from 'node:net';
import { monoMs } from './clock';

export interface PublisherSpec {
  orderNumber: string;
  username: string;
  password: string;
}

/**
 * Lean machine connections for the load: one TCP socket per machine speaking MQTT 3.1.1 through
 * mqtt-packet, with no client library per connection, so that 10,000 of them cost the load
 * generator little and the broker is what gets measured.
 */
export class Publishers {
  private sockets: Array<{ spec: PublisherSpec; socket: Socket }> = [];
  sent = 0;
  /** Messages not sent because the machine's socket still holds 8 KB (about nine messages) unsent: the broker pushing back. */
  skipped = 0;
  private cursor = 0;

  constructor(
    private readonly port: number,
    private readonly specs: readonly PublisherSpec[],
  ) {}

  async connect(concurrency = 500): Promise<void> {
    for (let i = 0; i < this.specs.length; i += concurrency) {
      await Promise.all(this.specs.slice(i, i + concurrency).map((spec) => this.open(spec)));
    }
    // Connections come up in any order; turns go in the fleet's order, the same in every run.
    const index = new Map(this.specs.map((spec, i) => [spec, i]));
    this.sockets.sort((a, b) => index.get(a.spec)! - index.get(b.spec)!);
  }

  private open(spec: PublisherSpec): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port: this.port, host: '127.0.0.1', noDelay: true });
      const parser = mqttPacket.parser({ protocolVersion: 4 });
      parser.on('packet', (packet) => {
        if (packet.cmd !== 'connack') return;
        if (packet.returnCode !== 0) return reject(new Error(`${spec.username} refused: ${packet.returnCode}`));
        this.sockets.push({ spec, socket });
        resolve();
      });
      socket.on('data', (chunk) => parser.parse(chunk));
      socket.on('error', reject);
      socket.write(
        mqttPacket.generate({
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clean: true,
          clientId: spec.orderNumber,
          keepalive: 0,
          username: spec.username,
          password: Buffer.from(spec.password),
        }),
      );
    });
  }

  /**
   * Publishes the next `count` messages, one per machine in turn (round robin), each stamped by
   * `payloadFor` as it is made. A machine whose socket is still full skips its turn, as a real
   * controller's bounded buffer would, so an overloaded broker slows the offered load instead of
   * the load generator buffering without end. Stops at `until` (monotonic ms), so a step's
   * messages are not sent after the step has ended. Answers the turns taken.
   */
  publishNext(count: number, payloadFor: (orderNumber: string) => string, until = Infinity): number {
    const n = this.sockets.length;
    let k = 0;
    for (; k < count && n; k++) {
      if ((k & 31) === 0 && monoMs() >= until) break;
      const { spec, socket } = this.sockets[this.cursor];
      this.cursor = (this.cursor + 1) % n;
      if (socket.writableLength > 8 * 1024) {
        this.skipped++;
        continue;
      }
      const packet = mqttPacket.generate({
        cmd: 'publish',
        topic: spec.orderNumber,
        payload: payloadFor(spec.orderNumber),
        qos: 0,
        retain: false,
        dup: false,
      });
      socket.write(packet);
      this.sent++;
    }
    return k;
  }

  get connected(): number {
    return this.sockets.length;
  }

  close(): void {
    for (const { socket } of this.sockets) socket.destroy();
    this.sockets = [];
  }
}
