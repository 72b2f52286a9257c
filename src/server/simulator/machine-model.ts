import type { MachineKind } from '../../ports/machine-store.port';

/** A small deterministic random source (mulberry32), so a simulated fleet replays the same day. */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type LiveItem = { KEY: string; VALUE: number | string };

/** A machine event of ADR 0006, ready to publish on `<OrderNumber>/event/<kind>`. */
export interface SimulatedEvent {
  kind: 'task' | 'alarm' | 'runtime';
  body: Record<string, string | number>;
}

/** How often a machine reports its day's run time so far, in simulated seconds, unless told otherwise. */
const RUNTIME_EVERY_S = 60;
/** The demo factory's clock: run time is counted per Beijing day. */
const FACTORY_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });

const SHEET_TASKS = ['bracket-8mm-CS.bnn', 'panel-2mm-SS.bnn', 'flange-12mm-CS.bnn', 'cover-1.5mm-AL.bnn', 'gusset-6mm-CS.bnn'];
const TUBE_TASKS = ['rail-40x40x2.bnt', 'frame-60x30x3.bnt', 'pipe-D76x3.bnt', 'handrail-D42x2.bnt', 'chassis-80x80x4.bnt'];
const ALARMS: ReadonlyArray<[type: string, content: string]> = [
  // The codes are the self-service fault articles' labels (content/library/faults): an alarm links to its article.
  ['Collision', 'E203 Nozzle collision detected, head lifted'],
  ['Gas', 'E410 Assist gas pressure low'],
  ['Laser', 'E305 Laser source not ready'],
  ['Follower', 'E203 Height follower signal lost'],
  ['Chiller', 'E512 Chiller water flow low'],
];

/** Phases of a working day; the codes each kind publishes follow from them (ADR 0005). */
type Phase = 'idle' | 'starting' | 'running' | 'pausing' | 'paused' | 'stopping' | 'alarm';

/** Chances per second of running time. */
const PAUSE_PER_S = 0.02;
const ALARM_PER_S = 0.006;

/**
 * One simulated machine: idle, then a task (starting, running with progress and moving axes,
 * stopping), with a pause or an alarm now and then; it answers what a real controller would
 * publish, in the `[{KEY, VALUE}]` shape of the live topic.
 */
export class SimulatedMachine {
  private readonly random: () => number;
  private phase: Phase = 'idle';
  private phaseLeft: number;
  private t = 0;
  private progress = 0;
  private taskSeconds = 60;
  private taskNo = 0;
  private cutLength = 0;
  private emptyLength = 0;
  private pierces = 0;
  private parts = 0;
  private completed = 0;
  private workedTime = 0;
  private startTime = '';
  private endTime = '';
  private alarm: readonly [string, string] | null = null;
  private events: SimulatedEvent[] = [];
  private day = '';
  private dayTotals = { run: 0, idle: 0, estop: 0 };
  private sinceRuntime = 0;

  constructor(
    readonly orderNumber: string,
    readonly kind: MachineKind,
    readonly ratedPowerKw: number,
    seed: number,
    /** The browser tests' portals ask for a report every few seconds: their maintenance plans become due within seconds of run time. */
    private readonly runtimeEverySeconds = RUNTIME_EVERY_S,
  ) {
    this.random = randomSource(seed);
    this.phaseLeft = 1 + this.random() * 4;
  }

  /** Advances the machine by `dt` seconds and answers its live message. */
  /** The events since the last call (finished tasks, alarms, the day's run time). */
  takeEvents(): SimulatedEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  step(dt: number, now: Date): LiveItem[] {
    this.t += dt;
    this.countRuntime(dt, now);
    if (this.phase === 'running') this.run(dt, now);
    else if ((this.phaseLeft -= dt) <= 0) this.advance(now);
    return this.message();
  }

  private run(dt: number, now: Date): void {
    this.progress = Math.min(100, this.progress + (100 / this.taskSeconds) * dt);
    const metresPerSecond = this.feedSpeed() / 60;
    this.cutLength += metresPerSecond * dt * 0.8;
    this.emptyLength += metresPerSecond * dt * 0.2;
    this.workedTime += dt;
    if (this.random() < 0.6 * dt) this.pierces++;
    this.completed = Math.floor((this.progress / 100) * this.parts);
    const r = this.random();
    if (this.progress >= 100) this.enter('stopping', 1 + this.random());
    else if (r < ALARM_PER_S * dt) {
      this.alarm = ALARMS[Math.floor(this.random() * ALARMS.length)];
      this.endTime = now.toISOString();
      this.events.push({ kind: 'alarm', body: { EventId: `${this.taskNo}-alarm-${now.getTime()}`, ErrorType: this.alarm[0], ErrorContent: this.alarm[1], ErrorDate: now.toISOString() } });
      this.events.push(this.taskEvent(false));
      this.enter('alarm', 6 + this.random() * 10);
    } else if (r < (ALARM_PER_S + PAUSE_PER_S) * dt) this.enter('pausing', 1);
  }

  /**
   * Fails the machine now, on demand (`npm run simulate -- --fail`): an alarm it holds for
   * `seconds` (a sheet machine's emergency stop, a tube machine's stop with an alarm), then idles.
   */
  fail(now: Date, seconds: number): void {
    this.alarm = ALARMS[0]!;
    this.endTime = now.toISOString();
    this.events.push({ kind: 'alarm', body: { EventId: `${this.taskNo}-alarm-${now.getTime()}`, ErrorType: this.alarm[0], ErrorContent: this.alarm[1], ErrorDate: now.toISOString() } });
    this.enter('alarm', seconds);
  }

  private advance(now: Date): void {
    switch (this.phase) {
      case 'idle':
        this.startTask(now);
        return this.enter('starting', 1 + this.random() * 2);
      case 'starting':
      case 'paused':
        return this.enter('running', 0);
      case 'pausing':
        return this.enter('paused', 4 + this.random() * 8);
      case 'stopping':
        this.endTime = now.toISOString();
        this.events.push(this.taskEvent(true));
        return this.enter('idle', 3 + this.random() * 9);
      case 'alarm':
        this.alarm = null;
        return this.enter('idle', 3 + this.random() * 5);
    }
  }

  private enter(phase: Phase, seconds: number): void {
    this.phase = phase;
    this.phaseLeft = seconds;
  }

  /** Run, idle and (tube) e-stop seconds of the factory day; a runtime event every `runtimeEverySeconds`. */
  private countRuntime(dt: number, now: Date): void {
    const day = FACTORY_DAY.format(now);
    if (day !== this.day) {
      this.day = day;
      this.dayTotals = { run: 0, idle: 0, estop: 0 };
    }
    if (this.phase === 'running' || this.phase === 'starting' || this.phase === 'stopping') this.dayTotals.run += dt;
    else if (this.phase === 'alarm') this.dayTotals.estop += dt;
    else this.dayTotals.idle += dt;
    this.sinceRuntime += dt;
    if (this.sinceRuntime < this.runtimeEverySeconds) return;
    this.sinceRuntime = 0;
    const hours = (seconds: number) => round(seconds / 3600, 4);
    // The simulator never sees itself offline: the rest of the day so far is idle or e-stop.
    const body: Record<string, string | number> = { EventId: day, Day: day, Run: hours(this.dayTotals.run), Idle: hours(this.dayTotals.idle + (this.kind === 'tube' ? 0 : this.dayTotals.estop)), Offline: 0 };
    if (this.kind === 'tube') body.Estop = hours(this.dayTotals.estop);
    this.events.push({ kind: 'runtime', body });
  }

  /** The report row of the task that just ended (spec 2 section 3), sheet or tube. */
  private taskEvent(complete: boolean): SimulatedEvent {
    const task = (this.kind === 'tube' ? TUBE_TASKS : SHEET_TASKS)[this.taskNo % 5];
    const seconds = round((this.progress * this.taskSeconds) / 100, 1);
    const common = { EventId: `${this.startTime}-${this.taskNo}`, TaskName: task, FileUrl: `D:/nest/${task}`, StartTime: this.startTime, EndTime: this.endTime };
    const body: Record<string, string | number> =
      this.kind === 'tube'
        ? {
            ...common,
            SlicingLength: round(this.cutLength, 2),
            SlicingDuration: round(seconds * 0.8, 1),
            PierceCount: this.pierces,
            PierceDuration: round(this.pierces * 0.4, 1),
            TotalDuration: seconds,
            IdleLength: round(this.emptyLength, 2),
            PartCount: this.completed,
            Thickness: 2,
            UseTubeCount: 1 + (this.taskNo % 4),
            ProcessType: 1,
            IsComplete: complete ? 1 : 0,
          }
        : { ...common, CuttingLength: round(this.cutLength, 2), PunchingNum: this.pierces, ProcessingTime: seconds, EmptyLength: round(this.emptyLength, 2) };
    return { kind: 'task', body };
  }

  private startTask(now: Date): void {
    this.taskNo++;
    this.progress = 0;
    this.taskSeconds = 30 + this.random() * 90;
    this.cutLength = 0;
    this.emptyLength = 0;
    this.pierces = 0;
    this.parts = 4 + Math.floor(this.random() * 40);
    this.completed = 0;
    this.startTime = now.toISOString();
    this.endTime = '';
  }

  private feedSpeed(): number {
    if (this.phase !== 'running') return 0;
    const base = this.kind === 'tube' ? 18 : 8 + this.ratedPowerKw * 1.5;
    return round(base * (0.85 + 0.3 * this.random()), 1);
  }

  private stateCode(): number {
    if (this.kind === 'tube') {
      // Tube: 0 run, 1 idle, 2 offline, anything else stop.
      if (this.phase === 'running' || this.phase === 'starting' || this.phase === 'stopping') return 0;
      return this.phase === 'idle' ? 1 : 3;
    }
    // Sheet: the controller's own codes (spec 2 section 4).
    return SHEET_CODES[this.phase];
  }

  private message(): LiveItem[] {
    const running = this.phase === 'running';
    const tube = this.kind === 'tube';
    const a = this.t / 6;
    const task = this.taskNo ? (tube ? TUBE_TASKS : SHEET_TASKS)[this.taskNo % 5] : '';
    const items: LiveItem[] = [
      { KEY: 'State', VALUE: this.stateCode() },
      { KEY: 'TaskName', VALUE: task },
      { KEY: 'TaskFile', VALUE: task ? `D:/nest/${task}` : '' },
      { KEY: 'TaskId', VALUE: this.taskNo ? `${this.orderNumber}-${this.taskNo}` : '' },
      { KEY: 'Progress', VALUE: round(this.progress, 1) },
      // Sheet: a 3000 x 1500 mm bed; tube: X along a 6500 mm tube, Y the chuck's ±300 mm.
      { KEY: 'X', VALUE: running ? round(tube ? 3250 + 3000 * Math.cos(a) : 1500 + 1400 * Math.cos(a), 2) : 0 },
      { KEY: 'Y', VALUE: running ? round(tube ? 250 * Math.sin(a * 1.3) : 750 + 700 * Math.sin(a * 1.3), 2) : 0 },
      { KEY: 'Z', VALUE: running ? round(1.2 + 0.3 * Math.sin(this.t), 2) : 25 },
      { KEY: 'W', VALUE: tube && running ? round((this.t * 40) % 360, 1) : 0 },
      { KEY: 'WorkedTime', VALUE: Math.round(this.workedTime) },
      { KEY: 'ErrorType', VALUE: this.alarm?.[0] ?? '' },
      { KEY: 'ErrorContent', VALUE: this.alarm?.[1] ?? '' },
      { KEY: 'CutLength', VALUE: round(this.cutLength, 2) },
      { KEY: 'EmptyLength', VALUE: round(this.emptyLength, 2) },
      { KEY: 'FeedRate', VALUE: running ? 100 : 0 },
      { KEY: 'FeedSpeed', VALUE: this.feedSpeed() },
      { KEY: 'Power', VALUE: running ? round(this.ratedPowerKw * (0.7 + 0.25 * this.random()), 2) : 0 },
      { KEY: 'PierceCount', VALUE: this.pierces },
      { KEY: 'PierceTime', VALUE: round(this.pierces * 0.4, 1) },
      { KEY: 'CutTime', VALUE: Math.round((this.progress * this.taskSeconds) / 100) },
      { KEY: 'PartCount', VALUE: this.parts },
      { KEY: 'CompletedCount', VALUE: this.completed },
      { KEY: 'Height', VALUE: running ? round(0.8 + 0.4 * this.random(), 2) : 0 },
      { KEY: 'StartTime', VALUE: this.startTime },
      { KEY: 'EndTime', VALUE: this.endTime },
    ];
    if (tube) items.push({ KEY: 'CutPressure', VALUE: running ? round(12 + 4 * this.random(), 1) : 0 });
    else {
      items.push(
        { KEY: 'Voltage', VALUE: running ? Math.round(3500 + 1500 * this.random()) : 0 },
        { KEY: 'PunchingNum', VALUE: this.pierces },
        { KEY: 'PunchingTime', VALUE: round(this.pierces * 0.4, 1) },
      );
    }
    return items;
  }
}

const SHEET_CODES: Record<Phase, number> = { idle: 1, starting: 2, running: 3, pausing: 4, paused: 5, stopping: 6, alarm: 8 };

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
