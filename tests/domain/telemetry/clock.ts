import type { SimulatedClock } from 'xstate';

/**
 * Moves a simulated clock forward in small steps: SimulatedClock starts a timer that is armed
 * while it flushes at the new "now", so one big jump would fire a repeating tick only once.
 */
export function advance(clock: SimulatedClock, ms: number, step = 100): void {
  let left = ms;
  while (left > 0) {
    const by = Math.min(step, left);
    clock.increment(by);
    left -= by;
  }
}
