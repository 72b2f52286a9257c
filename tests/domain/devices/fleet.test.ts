import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FLEET_FILTERS,
  filterFleet,
  fleetCounts,
  liveRouteOf,
  readFleetFilter,
  type MyMachine,
} from '../../../src/domain/devices/fleet';
import { machineKindOf, parseMachineKind } from '../../../src/domain/devices/machine-kind';
import { isOrderNumber, validateOrderNumber } from '../../../src/domain/devices/order-number';

const FC = { numRuns: 300, seed: Number(process.env.FC_SEED ?? 20250101) };

const machine = (over: Partial<MyMachine> = {}): MyMachine => ({
  equipmentid: 1,
  name: 'Cutter',
  communicationstatus: 0,
  ordernumber: 'A1',
  seriesname: 'G',
  ...over,
});

const series = fc.oneof(fc.constantFrom('M', 'T', 'K', 'Q', 'm', ' t ', 'G', 'C', 'MT', 'P', ''), fc.string({ maxLength: 4 }));
const machineArb: fc.Arbitrary<MyMachine> = fc.record({
  equipmentid: fc.nat(),
  name: fc.string({ maxLength: 10 }),
  communicationstatus: fc.constantFrom<number | string>(0, 1, '0', '1', 2),
  ordernumber: fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{0,8}$/),
  seriesname: series,
});

describe('machine kind', () => {
  it('is tube exactly for the series M, T, K and Q', () => {
    for (const s of ['M', 'T', 'K', 'Q', 'k', ' Q ']) expect(machineKindOf(s)).toBe('tube');
    for (const s of ['G', 'C', 'MT', '', 'TUBE', 'P']) expect(machineKindOf(s)).toBe('sheet');
    expect(machineKindOf(undefined)).toBe('sheet');
    expect(machineKindOf(7)).toBe('sheet');
  });

  it('reads only tube and sheet from a route param', () => {
    expect(parseMachineKind('tube')).toBe('tube');
    expect(parseMachineKind('sheet')).toBe('sheet');
    expect(parseMachineKind('Tube')).toBeNull();
    expect(parseMachineKind(undefined)).toBeNull();
  });
});

describe('order number', () => {
  it('asks for a value first, then checks the format of ADR 0005', () => {
    expect(validateOrderNumber('')).toBe('devices.bind.error.required');
    expect(validateOrderNumber('   ')).toBe('devices.bind.error.required');
    expect(validateOrderNumber('LC-2024_001')).toBeNull();
    expect(validateOrderNumber('  LC-2024  ')).toBeNull();
    for (const bad of ['-LC', 'LC/1', 'LC+1', 'LC#', 'L C', '订单1', 'A'.repeat(65)]) {
      expect(validateOrderNumber(bad), bad).toBe('devices.bind.error.format');
    }
    expect(isOrderNumber('A'.repeat(64))).toBe(true);
  });

  it('never accepts a topic wildcard or separator (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 70 }), (value) => {
        if (isOrderNumber(value)) {
          expect(value).not.toMatch(/[/+#\s]/);
          expect(value.length).toBeGreaterThan(0);
          expect(value.length).toBeLessThanOrEqual(64);
        }
      }),
      FC,
    );
  });
});

describe('fleet', () => {
  it('reads the stored chip, all when nothing sensible is stored', () => {
    expect(readFleetFilter('tube')).toBe('tube');
    expect(readFleetFilter('sheet')).toBe('sheet');
    expect(readFleetFilter(null)).toBe('all');
    expect(readFleetFilter('M')).toBe('all');
  });

  it('splits the fleet into sheet and tube without losing or repeating a machine (property)', () => {
    fc.assert(
      fc.property(fc.array(machineArb, { maxLength: 20 }), (machines) => {
        const all = filterFleet(machines, 'all');
        const sheet = filterFleet(machines, 'sheet');
        const tube = filterFleet(machines, 'tube');
        expect(all).toEqual(machines);
        expect(sheet.length + tube.length).toBe(machines.length);
        for (const m of tube) expect(machineKindOf(m.seriesname)).toBe('tube');
        for (const m of sheet) expect(machineKindOf(m.seriesname)).toBe('sheet');
        const counts = fleetCounts(machines);
        for (const filter of FLEET_FILTERS) expect(counts[filter]).toBe(filterFleet(machines, filter).length);
      }),
      FC,
    );
  });

  it('opens deviceInfo exactly when communicationstatus is 1, with the kind as type (property)', () => {
    expect(liveRouteOf(machine({ communicationstatus: 1, seriesname: 'T', ordernumber: 'T9' }))).toEqual({
      page: 'deviceInfo',
      orderNumber: 'T9',
      type: 'tube',
    });
    expect(liveRouteOf(machine({ communicationstatus: 0 })).page).toBe('deviceInfoWs');
    fc.assert(
      fc.property(machineArb, (m) => {
        const route = liveRouteOf(m);
        expect(route.page === 'deviceInfo').toBe(Number(m.communicationstatus) === 1);
        expect(route.type).toBe(machineKindOf(m.seriesname));
        expect(route.orderNumber).toBe(m.ordernumber);
      }),
      FC,
    );
  });
});
