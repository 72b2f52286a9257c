import type { MachineKind } from '../devices/machine-kind';
import type { NumericKey } from './live-values';

/** The gauge maxima of spec 2 section 9. */
export const GAUGE_MAXIMA = {
  FeedSpeed: 1000,
  Power: 60,
  CutPressure: 1000,
  Voltage: 10000,
} as const satisfies Partial<Record<NumericKey, number>>;

export type GaugeKey = keyof typeof GAUGE_MAXIMA;

/** The units the gauges are labelled with. */
export const GAUGE_UNITS: Record<GaugeKey, string> = { FeedSpeed: 'm/min', Power: 'kW', CutPressure: 'bar', Voltage: 'V' };

/** Speed and power on every machine; gas pressure on tube machines, sensor voltage on sheet machines. */
export function gaugesFor(kind: MachineKind): readonly GaugeKey[] {
  return kind === 'tube' ? ['FeedSpeed', 'Power', 'CutPressure'] : ['FeedSpeed', 'Power', 'Voltage'];
}

/** How far a gauge's needle goes: 0 to 1, whatever the value (negative, above the maximum, NaN). */
export function gaugeFraction(value: number, max: number): number {
  if (!Number.isFinite(value) || !Number.isFinite(max) || max <= 0) return 0;
  return Math.min(1, Math.max(0, value / max));
}
