import type { AlarmKind } from './alarm-episode';

/**
 * The trouble a live message's `State` tells (spec 2 section 4, ADR 0005), by the machine's
 * table: a sheet machine's codes 7 and 8 are emergency stopping and stopped; a tube machine's
 * "stop" (any code but 0 run, 1 idle, 2 offline) with an alarm type is a stop with an alarm.
 * Offline is not read from a message: it is a running machine's silence (`OFFLINE_AFTER_MS`).
 */
export function troubleOf(kind: 'sheet' | 'tube', state: number, errorType: string): AlarmKind | null {
  if (kind === 'sheet') return state === 7 || state === 8 ? 'emergencyStop' : null;
  if (state === 0 || state === 1 || state === 2) return null;
  return errorType ? 'alarmStop' : null;
}

/** Whether a machine in this state is running (its silence then means it went offline while running). */
export function isRunning(kind: 'sheet' | 'tube', state: number): boolean {
  return kind === 'sheet' ? state >= 2 && state <= 6 : state === 0;
}
