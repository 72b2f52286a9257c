/** Machine kinds and the series rule of spec 1 section 9 and ADR 0005; pure functions. */

export type MachineKind = 'sheet' | 'tube';

export const MACHINE_KINDS: readonly MachineKind[] = ['sheet', 'tube'];

/** The series whose machines cut tube; every other series cuts sheet. */
export const TUBE_SERIES: readonly string[] = ['M', 'T', 'K', 'Q'];

/** The kind of a machine of `series`: M, T, K and Q are tube (any case, spaces ignored), everything else sheet. */
export function machineKindOf(series: unknown): MachineKind {
  if (typeof series !== 'string') return 'sheet';
  return TUBE_SERIES.includes(series.trim().toUpperCase()) ? 'tube' : 'sheet';
}

/** The route param `type` read as a kind; anything else is null. */
export function parseMachineKind(value: unknown): MachineKind | null {
  return value === 'sheet' || value === 'tube' ? value : null;
}
