import mqtt, { type MqttClient } from 'mqtt';
import { machineKindOf } from '../../src/domain/devices/machine-kind';
import { EventSpool } from '../../src/server/simulator/event-spool';
import { SimulatedMachine } from '../../src/server/simulator/machine-model';
import { MACHINE_USER_PREFIX, machinePassword } from '../../src/server/telemetry/device-key';

/** An event a machine handed to its MQTT client (QoS 1), whether or not the broker was there. */
export interface PublishedEvent {
  eventId: string;
  orderNumber: string;
  /** When the machine published it (Date.now()). */
  at: number;
}

export interface MachinePublishersOptions {
  url: string;
  deviceKey: string;
  machines: ReadonlyArray<{ orderNumber: string; seriesName: string; laserPowerKw: number }>;
  /** Machines that also publish an alarm event with an id of its own every `eventEveryMs`. */
  eventMachines: readonly string[];
  eventEveryMs?: number;
  /** Prefix of the event ids: unique per run, so the database tells this run's events apart. */
  runTag: string;
  /** mqtt.js's reconnect period of the machines' clients (ms). */
  reconnectPeriodMs?: number;
}

/** One machine's client as the harness saw it: for a page that does not come back, whether its machine did. */
export interface PublisherState {
  connected: boolean;
  /** Date.now() of each CONNACK and each lost connection. */
  connects: number[];
  closes: number[];
  /** The last live message handed to a connected client (Date.now()), 0 if none. */
  lastLiveAt: number;
}

/**
 * Simulated machines for the restart harness: live values once a second (QoS 0, the simulator's
 * model, sent only while connected, as the demo fleet's), and alarm events with unique ids (QoS 1)
 * published on schedule even while the broker is away: the machine's spool keeps them until the
 * broker acknowledges them and sends them again after a reconnect, as a machine's controller
 * would (src/server/simulator/event-spool.ts). Every event is logged, to be looked for in the database.
 */
export class MachinePublishers {
  readonly events: PublishedEvent[] = [];
  private readonly clients: MqttClient[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly spools: EventSpool[] = [];
  private readonly states = new Map<string, PublisherState>();
  private sequence = 0;

  constructor(private readonly options: MachinePublishersOptions) {}

  async start(): Promise<void> {
    await Promise.all(
      this.options.machines.map(async (m, i) => {
        const client = mqtt.connect(this.options.url, {
          clientId: m.orderNumber,
          username: `${MACHINE_USER_PREFIX}${m.orderNumber}`,
          password: machinePassword(this.options.deviceKey, m.orderNumber),
          protocolVersion: 4,
          keepalive: 30,
          reconnectPeriod: this.options.reconnectPeriodMs ?? 2_000,
          connectTimeout: 5_000,
          clean: true,
        });
        client.on('error', () => {}); // refused while the portal restarts: mqtt.js tries again
        this.clients.push(client);
        const state: PublisherState = { connected: false, connects: [], closes: [], lastLiveAt: 0 };
        this.states.set(m.orderNumber, state);
        client.on('connect', () => (state.connects.push(Date.now()), (state.connected = true)));
        client.on('close', () => {
          if (state.connected) state.closes.push(Date.now());
          state.connected = false;
        });
        const model = new SimulatedMachine(m.orderNumber, machineKindOf(m.seriesName), m.laserPowerKw, 7919 * (i + 1));
        this.timers.push(
          setInterval(() => {
            const message = model.step(1, new Date());
            model.takeEvents(); // the model's own events are not tracked: only the numbered alarms below
            if (!client.connected) return;
            client.publish(m.orderNumber, JSON.stringify(message), { qos: 0 });
            state.lastLiveAt = Date.now();
          }, 1_000),
        );
        if (this.options.eventMachines.includes(m.orderNumber)) {
          const spool = new EventSpool(client);
          this.spools.push(spool);
          this.timers.push(setInterval(() => this.publishEvent(spool, m.orderNumber), this.options.eventEveryMs ?? 500));
          this.timers.push(setInterval(() => spool.retry(), 1_000));
        }
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`${m.orderNumber} did not connect to ${this.options.url}`)), 30_000);
          client.once('connect', () => (clearTimeout(timer), resolve()));
        });
      }),
    );
  }

  private publishEvent(spool: EventSpool, orderNumber: string): void {
    const eventId = `${this.options.runTag}-${++this.sequence}`;
    const at = Date.now();
    this.events.push({ eventId, orderNumber, at });
    const body = { EventId: eventId, ErrorType: 'RESTART-TEST', ErrorContent: 'restart harness', ErrorDate: new Date(at).toISOString() };
    spool.publish(`${orderNumber}/event/alarm`, JSON.stringify(body));
  }

  /** Is this machine's client connected right now? */
  isConnected(orderNumber: string): boolean {
    return this.clients.some((c) => c.options.clientId === orderNumber && c.connected);
  }

  /** What the harness saw of this machine's client (connects, losses, last live message), or undefined. */
  stateOf(orderNumber: string): PublisherState | undefined {
    const state = this.states.get(orderNumber);
    return state && { ...state, connected: this.isConnected(orderNumber) };
  }

  /** Machines connected right now. */
  get connected(): number {
    return this.clients.filter((c) => c.connected).length;
  }

  /** Stops publishing, gives the spools up to `quietMs` to have their events acknowledged, then disconnects. */
  async stop(quietMs = 0): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
    const until = Date.now() + quietMs;
    while (Date.now() < until && this.spools.some((s) => s.pending > 0)) {
      for (const spool of this.spools) spool.retry();
      await new Promise((r) => setTimeout(r, 200));
    }
    await Promise.all(this.clients.map((c) => c.endAsync(true)));
  }
}
