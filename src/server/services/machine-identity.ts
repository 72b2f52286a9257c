import type { MachineKind } from '../../ports/machine-store.port';

/**
 * An order number is a machine's identity and its MQTT topic (ADR 0005): letters, digits, `_`
 * and `-` only, so it can never carry the topic characters `/ + #`.
 */
export const ORDER_NUMBER = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export const isOrderNumber = (value: string) => ORDER_NUMBER.test(value);

/** Series M, T, K and Q are tube machines, every other series is sheet (spec 1 section 9). */
const TUBE_SERIES = new Set(['M', 'T', 'K', 'Q']);

export const kindOfSeries = (seriesName: string): MachineKind => (TUBE_SERIES.has(seriesName.trim().toUpperCase()) ? 'tube' : 'sheet');
