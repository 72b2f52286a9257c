import { describe, expect, it } from 'vitest';
import { sampleLoopDelay, SustainedLoopDelay, type LoopClock } from '../../src/server/load-shedding';

/** A clock the test moves: timers run when the test says the loop got to them. */
class ManualLoop implements LoopClock {
  t = 0;
  private pending: { at: number; run: () => void } | null = null;
  now() {
    return this.t;
  }
  after(ms: number, run: () => void) {
    const timer = { at: this.t + ms, run };
    this.pending = timer;
    return () => {
      if (this.pending === timer) this.pending = null;
    };
  }
  /** The loop was busy for `blockedMs` past the timer's due time, then runs it. */
  turn(blockedMs = 0) {
    const timer = this.pending!;
    this.t = timer.at + blockedMs;
    this.pending = null;
    timer.run();
  }
}

describe('the load-shedding measure (issue 35 item 14)', () => {
  it('does not shed for one spike, however long: a worker starting, a major GC', () => {
    const measure = new SustainedLoopDelay({ maxDelayMs: 200 });
    for (const delay of [0, 3, 1_500, 2, 0, 1]) {
      measure.record(delay);
      expect(measure.overloaded).toBe(false);
    }
    // Even a block longer than any window, or a sample that reads as no number at all.
    measure.record(Infinity);
    expect(measure.overloaded).toBe(false);
  });

  it('sheds once the delay lasts through most of the window, and stops once it is gone', () => {
    const measure = new SustainedLoopDelay({ maxDelayMs: 200, windowSamples: 5 });
    const states: boolean[] = [];
    for (const delay of [300, 400, 350, 500, 0, 0, 0]) {
      measure.record(delay);
      states.push(measure.overloaded);
    }
    expect(states).toEqual([false, false, true, true, true, true, false]);
  });

  it('two spikes apart do not shed, two of five lagging samples are not most of them', () => {
    const measure = new SustainedLoopDelay({ maxDelayMs: 200 });
    for (const delay of [900, 0, 0, 900, 0, 0, 900]) {
      measure.record(delay);
      expect(measure.overloaded).toBe(false);
    }
  });

  it("samples the loop's delay as its fine timer's lateness, one sample per interval, one block in one sample", () => {
    const loop = new ManualLoop();
    const measure = new SustainedLoopDelay({ maxDelayMs: 200, windowSamples: 3 });
    const samples: number[] = [];
    const record = measure.record.bind(measure);
    measure.record = (delay) => (samples.push(delay), record(delay));
    const stop = sampleLoopDelay(measure, { intervalMs: 250, resolutionMs: 10 }, loop);
    const idle = (ms: number) => {
      for (let t = 0; t < ms; t += 10) loop.turn(0);
    };
    loop.turn(1_500); // one long block: one sample
    idle(500);
    expect(samples).toEqual([1_500, 0, 0]);
    expect(measure.overloaded).toBe(false);
    // The loop held 400 ms at every turn: every sample lags.
    for (let i = 0; i < 3; i++) loop.turn(400);
    expect(samples.slice(-3)).toEqual([400, 400, 400]);
    expect(measure.overloaded).toBe(true);
    idle(1_000);
    expect(measure.overloaded).toBe(false);
    stop();
  });
});
