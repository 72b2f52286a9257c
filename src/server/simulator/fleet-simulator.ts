import mqtt, { type MqttClient } from 'mqtt';
import type { MachineKind } from '../../ports/machine-store.port';
import { MACHINE_USER_PREFIX, machinePassword } from '../telemetry/device-key';
import { EventSpool } from './event-spool';
import { SimulatedMachine } from './machine-model';

export interface SimulatedMachineSpec {
  orderNumber: string;
  kind: MachineKind;
  ratedPowerKw: number;
}

export interface FleetSimulatorOptions {
  /** Broker URL: mqtt://host:port or ws://host:port/mqtt. */
  url: string;
  deviceKey: string;
  machines: readonly SimulatedMachineSpec[];
  /** Messages per second per machine. */
  rate?: number;
  /** Connections opened at once while starting. */
  connectConcurrency?: number;
  /** How often each machine reports its day's run time, in seconds (60, as the controllers do). */
  runtimeEverySeconds?: number;
  log?: { warn(obj: object, msg: string): void };
}

interface FleetEntry {
  model: SimulatedMachine;
  client: MqttClient | null;
  spool: EventSpool | null;
}

/** Ticks per second: publishes are spread over the second instead of leaving in one burst. */
const SLICES_PER_SECOND = 20;

/**
 * Drives simulated machines against a broker, each with its own connection and its own
 * credentials (`machine:<OrderNumber>`, HMAC password), the way real machines connect.
 */
export class FleetSimulator {
  private readonly machines: FleetEntry[];
  private timer: NodeJS.Timeout | null = null;
  private tick = 0;
  published = 0;
  events = 0;
  failedConnections = 0;

  constructor(private readonly options: FleetSimulatorOptions) {
    this.machines = options.machines.map((m, i) => ({ model: new SimulatedMachine(m.orderNumber, m.kind, m.ratedPowerKw, 7919 * (i + 1), options.runtimeEverySeconds), client: null, spool: null }));
  }

  async start(): Promise<void> {
    const concurrency = this.options.connectConcurrency ?? 200;
    for (let i = 0; i < this.machines.length; i += concurrency) {
      await Promise.all(this.machines.slice(i, i + concurrency).map((m) => this.connect(m)));
    }
    const rate = this.options.rate ?? 1;
    // Each machine is stepped once per 1/rate s, in its own slice of that period.
    const slots = Math.max(1, Math.round(SLICES_PER_SECOND / rate));
    this.timer = setInterval(() => {
      const now = new Date();
      const slot = this.tick++ % slots;
      for (let i = slot; i < this.machines.length; i += slots) this.publish(this.machines[i], 1 / rate, now);
    }, 1000 / SLICES_PER_SECOND);
  }

  private connect(entry: FleetEntry): Promise<void> {
    const { orderNumber } = entry.model;
    const client = mqtt.connect(this.options.url, {
      // A machine's client id is its order number (domain/telemetry/mqtt-client-id).
      clientId: orderNumber,
      username: `${MACHINE_USER_PREFIX}${orderNumber}`,
      password: machinePassword(this.options.deviceKey, orderNumber),
      protocolVersion: 4,
      keepalive: 60,
      reconnectPeriod: 2_000,
      connectTimeout: 10_000,
      clean: true,
    });
    entry.client = client;
    entry.spool = new EventSpool(client);
    client.on('error', (error) => this.options.log?.warn({ machine: orderNumber, err: error.message }, 'simulated machine: broker error'));
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      // A machine that cannot connect keeps retrying in the background; the fleet starts anyway.
      const timer = setTimeout(() => {
        this.failedConnections++;
        done();
      }, 10_000);
      client.once('connect', done);
    });
  }

  private publish(entry: FleetEntry, dt: number, now: Date): void {
    const message = entry.model.step(dt, now);
    if (!entry.client?.connected || !entry.spool) return;
    entry.client.publish(entry.model.orderNumber, JSON.stringify(message), { qos: 0 });
    this.published++;
    // Events go QoS 1 through the machine's spool: the broker acknowledges them once they are stored (ADR 0006).
    for (const event of entry.model.takeEvents()) {
      entry.spool.publish(`${entry.model.orderNumber}/event/${event.kind}`, JSON.stringify(event.body));
      this.events++;
    }
    entry.spool.retry();
  }

  /** Fails one of the simulated machines now for `seconds`; false when it is not one of them. */
  fail(orderNumber: string, seconds: number): boolean {
    const entry = this.machines.find((m) => m.model.orderNumber === orderNumber);
    entry?.model.fail(new Date(), seconds);
    return entry !== undefined;
  }

  get connected(): number {
    return this.machines.filter((m) => m.client?.connected).length;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all(this.machines.map((m) => m.client?.endAsync(true)));
  }
}
