/**
 * Milliseconds on the system's monotonic clock (CLOCK_MONOTONIC, what `process.hrtime` reads):
 * the same clock in every process of the machine, so a send time stamped by the publisher
 * process can be subtracted from a receive time read in the subscriber process.
 */
export function monoMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
