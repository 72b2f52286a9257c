import type { Clock } from '../../ports/clock.port';

/** The operating system's clock: the time every service reads outside the tests. */
export const systemClock: Clock = { now: () => new Date() };
