import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { shedLoad } from './unavailable';

/**
 * When the portal sheds calls for a lagging event loop (issue 35 item 14). `@fastify/under-pressure`
 * read the mean delay of one second: one block of the loop (a worker starting, a major GC, a large
 * synchronous seed) made that second's mean, or NaN read as Infinity when the block covered the
 * whole second, and every call of the next second was answered 503 (a login right after `/api/ready`
 * said 200, 2 of 236 page loads under four browsers). A spike is not overload: the portal sheds only
 * while the delay lasts, when most of the last samples lagged past the limit.
 */
export interface SheddingMeasureOptions {
  /** The delay a sample may show before it counts as lagging (LOAD_SHED_DELAY_MS). */
  maxDelayMs: number;
  /** Samples the decision looks back on. */
  windowSamples?: number;
  /** Lagging samples among them that shed: more than half by default. */
  laggingToShed?: number;
}

/** Samples in the window: with one every 250 ms, about the last 1.25 s of an idle loop (longer when it lags). */
export const WINDOW_SAMPLES = 5;
/** How often the loop's delay is sampled. */
export const SAMPLE_INTERVAL_MS = 250;

/** The decision over a window of delay samples, pure: fed by the sampler below, or by a test. */
export class SustainedLoopDelay {
  private readonly samples: number[] = [];
  private readonly maxDelayMs: number;
  private readonly windowSamples: number;
  private readonly laggingToShed: number;

  constructor(options: SheddingMeasureOptions) {
    this.maxDelayMs = options.maxDelayMs;
    this.windowSamples = Math.max(1, options.windowSamples ?? WINDOW_SAMPLES);
    this.laggingToShed = Math.min(this.windowSamples, Math.max(1, options.laggingToShed ?? Math.floor(this.windowSamples / 2) + 1));
  }

  /** One sample: how late the loop ran a timer, in ms. */
  record(delayMs: number): void {
    this.samples.push(Number.isFinite(delayMs) ? Math.max(0, delayMs) : Number.MAX_VALUE);
    if (this.samples.length > this.windowSamples) this.samples.shift();
  }

  /** True while calls are to be shed: enough of the window's samples lagged past the limit. */
  get overloaded(): boolean {
    let lagging = 0;
    for (const delay of this.samples) if (delay > this.maxDelayMs) lagging++;
    return lagging >= this.laggingToShed;
  }
}

/** What the sampler needs from the runtime: a monotonic clock and a timer (a test passes its own). */
export interface LoopClock {
  now(): number;
  /** Calls `run` once after `ms`; answers how to cancel it. */
  after(ms: number, run: () => void): () => void;
}

const realLoopClock: LoopClock = {
  now: () => performance.now(),
  after(ms, run) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** How fine the loop's delay is seen: a timer this often, whose lateness is the time the loop was held. */
export const RESOLUTION_MS = 10;

/**
 * Samples the loop's delay: a timer every `resolutionMs` runs late by as long as the loop was
 * held; the worst lateness of each `intervalMs` is one sample of the measure, so one block of the
 * loop, however long, is one sample. Answers a stop function.
 */
export function sampleLoopDelay(
  measure: SustainedLoopDelay,
  { intervalMs = SAMPLE_INTERVAL_MS, resolutionMs = RESOLUTION_MS }: { intervalMs?: number; resolutionMs?: number } = {},
  clock: LoopClock = realLoopClock,
): () => void {
  let cancel: () => void = () => {};
  let stopped = false;
  let windowStart = clock.now();
  let worst = 0;
  const arm = () => {
    const due = clock.now() + resolutionMs;
    cancel = clock.after(resolutionMs, () => {
      if (stopped) return;
      const now = clock.now();
      worst = Math.max(worst, now - due);
      if (now - windowStart >= intervalMs) {
        measure.record(worst);
        worst = 0;
        windowStart = now;
      }
      arm();
    });
  };
  arm();
  return () => {
    stopped = true;
    cancel();
  };
}

/**
 * Sheds calls (503, Retry-After, the envelope: `shedLoad`) while the loop's delay stays past
 * `maxDelayMs`; the probes and the app's files go through. Answers the measure (readiness reads it).
 */
export function shedOnSustainedDelay(app: FastifyInstance, options: SheddingMeasureOptions): SustainedLoopDelay {
  const measure = new SustainedLoopDelay(options);
  const stop = sampleLoopDelay(measure);
  app.addHook('onClose', async () => stop());
  app.addHook('onRequest', async (request) => {
    if (measure.overloaded) await shedLoad(request);
  });
  return measure;
}
