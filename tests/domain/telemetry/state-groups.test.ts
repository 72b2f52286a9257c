import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  OFFLINE_STATE,
  SHEET_GROUP_NUMBERS,
  SHEET_PALETTE,
  sheetStateGroup,
  sheetStateOf,
  stateBadge,
  TUBE_PALETTE,
  tubeStateGroup,
} from '../../../src/domain/telemetry/state-groups';

const FC = { numRuns: 500, seed: Number(process.env.FC_SEED ?? 20250101) };

describe('tube state codes', () => {
  it('groups 0 run, 1 idle, 2 offline, anything else stop, coloured green, yellow, blue, red', () => {
    expect([0, 1, 2, 3, 9, -1, 2.5, '1', null, undefined, 'x'].map(tubeStateGroup)).toEqual([
      'run',
      'idle',
      'offline',
      'stop',
      'stop',
      'stop',
      'stop',
      'idle',
      'stop',
      'stop',
      'stop',
    ]);
    expect(TUBE_PALETTE).toEqual({ run: 'green', idle: 'yellow', offline: 'blue', stop: 'red' });
    expect(tubeStateGroup(OFFLINE_STATE.tube)).toBe('offline');
  });
});

describe('sheet state codes', () => {
  it('names the codes of spec 2 section 4 and groups them as ADR 0005 says', () => {
    const codes = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1];
    expect(codes.map(sheetStateOf)).toEqual([
      'idle',
      'idle',
      'starting',
      'running',
      'pausing',
      'paused',
      'stopping',
      'emergencyStopping',
      'emergencyStopped',
      'offline',
      'offline',
    ]);
    expect(codes.map((code) => SHEET_GROUP_NUMBERS[sheetStateGroup(code)])).toEqual([0, 0, 1, 1, 2, 2, 0, 3, 3, 4, 4]);
    expect(sheetStateGroup(OFFLINE_STATE.sheet)).toBe('offline');
  });
});

describe('every code maps to exactly one group (property)', () => {
  it('for both tables and any input', () => {
    const tubeGroups = Object.keys(TUBE_PALETTE);
    const sheetGroups = Object.keys(SHEET_PALETTE);
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double(), fc.string({ maxLength: 4 }), fc.anything()), (code) => {
        expect(tubeGroups.filter((g) => g === tubeStateGroup(code))).toHaveLength(1);
        expect(sheetGroups.filter((g) => g === sheetStateGroup(code))).toHaveLength(1);
        // A code outside 0..8 is offline on sheet; outside 0..2 is stop on tube.
        if (typeof code === 'number' && Number.isInteger(code)) {
          if (code > 8 || code < 0) expect(sheetStateGroup(code)).toBe('offline');
          if (code > 2 || code < 0) expect(tubeStateGroup(code)).toBe('stop');
        }
      }),
      FC,
    );
  });

  it('an offline page always shows the offline group, whatever the code (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('tube' as const, 'sheet' as const), fc.anything(), (table, code) => {
        const badge = stateBadge(table, code, false);
        expect(badge.group).toBe('offline');
        expect(badge.palette).toBe('blue');
      }),
      FC,
    );
  });

  it('a badge carries the sheet code meaning only when it differs from its group', () => {
    expect(stateBadge('sheet', 2)).toEqual({ table: 'sheet', group: 'running', palette: 'green', detail: 'starting' });
    expect(stateBadge('sheet', 3)).toEqual({ table: 'sheet', group: 'running', palette: 'green', detail: null });
    expect(stateBadge('sheet', 6)).toEqual({ table: 'sheet', group: 'idle', palette: 'yellow', detail: 'stopping' });
    expect(stateBadge('tube', 3)).toEqual({ table: 'tube', group: 'stop', palette: 'red', detail: null });
  });
});
