import mqttPacket from 'mqtt-packet';
import { connect, type Socket } from 'node:net';

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

  constructor(
    private readonly port: number,
    private readonly specs: readonly PublisherSpec[],
  ) {}

  async connect(concurrency = 500): Promise<void> {
    for (let i = 0; i < this.specs.length; i += concurrency) {
      await Promise.all(this.specs.slice(i, i + concurrency).map((spec) => this.open(spec)));
    }
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
          clientId: `bench-${spec.orderNumber}`,
          keepalive: 0,
          username: spec.username,
          password: Buffer.from(spec.password),
        }),
      );
    });
  }

  /**
   * Publishes one message per machine of a slice (indexes from `start` by `step`), stamped with
   * the send time. A machine whose socket is still full skips its turn, as a real controller's
   * bounded buffer would, so an overloaded broker slows the offered load instead of the load
   * generator buffering without end.
   */
  publishSlice(start: number, step: number, payloadFor: (orderNumber: string, sentAt: number) => string): void {
    for (let i = start; i < this.sockets.length; i += step) {
      const { spec, socket } = this.sockets[i];
      if (socket.writableLength > 8 * 1024) {
        this.skipped++;
        continue;
      }
      const packet = mqttPacket.generate({
        cmd: 'publish',
        topic: spec.orderNumber,
        payload: payloadFor(spec.orderNumber, performance.timeOrigin + performance.now()),
        qos: 0,
        retain: false,
        dup: false,
      });
      socket.write(packet);
      this.sent++;
    }
  }

  get connected(): number {
    return this.sockets.length;
  }

  close(): void {
    for (const { socket } of this.sockets) socket.destroy();
    this.sockets = [];
  }
}
