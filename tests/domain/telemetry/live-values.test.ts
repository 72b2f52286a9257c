import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gaugeFraction, GAUGE_MAXIMA, gaugesFor } from '../../../src/domain/telemetry/gauges';
import {
  applyUpdate,
  LIVE_KEYS,
  NUMERIC_KEYS,
  parseLiveMessage,
  parseValuesRecord,
  TEXT_KEYS,
  TEXT_MAX_LENGTH,
  zeroValues,
  type LiveUpdate,
  type NumericKey,
} from '../../../src/domain/telemetry/live-values';

const FC = { numRuns: 400, seed: Number(process.env.FC_SEED ?? 20250101) };

/** Every key of an update is known, every number finite and in its range, every text short enough. */
function expectSane(update: LiveUpdate) {
  for (const [key, value] of Object.entries(update)) {
    expect(LIVE_KEYS).toContain(key);
    if (key in NUMERIC_KEYS) {
      const range = NUMERIC_KEYS[key as NumericKey];
      expect(typeof value).toBe('number');
      expect(Number.isFinite(value)).toBe(true);
      expect(value as number).toBeGreaterThanOrEqual(range.min);
      expect(value as number).toBeLessThanOrEqual(range.max);
      if (range.whole) expect(Number.isInteger(value)).toBe(true);
    } else {
      expect(typeof value).toBe('string');
      expect((value as string).length).toBeLessThanOrEqual(TEXT_MAX_LENGTH);
    }
  }
}

describe('live message parsing', () => {
  it('reads a [{KEY, VALUE}] list as text or parsed, numbers from numeric strings, later entries winning', () => {
    const message = JSON.stringify([
      { KEY: 'State', VALUE: 0 },
      { KEY: 'X', VALUE: '12.5' },
      { KEY: 'TaskName', VALUE: 'Bracket 4 mm' },
      { KEY: 'Progress', VALUE: 40 },
      { KEY: 'Progress', VALUE: 45 },
      { KEY: 'ErrorType', VALUE: 17 },
      { KEY: 'ErrorContent', VALUE: null },
    ]);
    expect(parseLiveMessage(message)).toEqual({
      State: 0,
      X: 12.5,
      TaskName: 'Bracket 4 mm',
      Progress: 45,
      ErrorType: '17',
      ErrorContent: '',
    });
    expect(parseLiveMessage(JSON.parse(message))).toEqual(parseLiveMessage(message));
  });

  it('ignores unknown keys, unreadable values and malformed payloads', () => {
    expect(parseLiveMessage('[{"KEY":"Nope","VALUE":1},{"KEY":"X","VALUE":"abc"},{"KEY":"Y","VALUE":true},{"VALUE":3},7]')).toEqual({});
    for (const payload of ['', 'not json', '{"KEY":"X","VALUE":1}', 'null', '[', undefined, 42, { X: 1 }]) {
      expect(parseLiveMessage(payload)).toEqual({});
    }
  });

  it('clamps to sane ranges: progress 0..100, no negative lengths, whole counts', () => {
    expect(
      parseLiveMessage([
        { KEY: 'Progress', VALUE: 180 },
        { KEY: 'CutLength', VALUE: -4 },
        { KEY: 'PierceCount', VALUE: 12.7 },
        { KEY: 'X', VALUE: -250.5 },
        { KEY: 'FeedSpeed', VALUE: 1e12 },
      ]),
    ).toEqual({ Progress: 100, CutLength: 0, PierceCount: 12, X: -250.5, FeedSpeed: 1e6 });
  });

  it('never throws and only ever yields sane values, whatever arrives (property)', () => {
    const key = fc.oneof(fc.constantFrom(...LIVE_KEYS), fc.string({ maxLength: 8 }));
    const value = fc.oneof(fc.double(), fc.integer(), fc.string({ maxLength: 300 }), fc.constant(null), fc.boolean(), fc.object());
    const entry = fc.oneof(fc.record({ KEY: key, VALUE: value }), fc.anything());
    fc.assert(
      fc.property(fc.oneof(fc.array(entry, { maxLength: 30 }), fc.anything(), fc.string(), fc.json()), (payload) => {
        expectSane(parseLiveMessage(payload));
        expectSane(parseLiveMessage(JSON.stringify(payload) ?? ''));
        expectSane(parseValuesRecord(payload));
      }),
      FC,
    );
  });

  it('reads back every in-range number it was sent (property)', () => {
    const numericKey = fc.constantFrom(...(Object.keys(NUMERIC_KEYS) as NumericKey[]));
    fc.assert(
      fc.property(numericKey, fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e5, max: 1e5 }), (key, raw) => {
        const { min, max, whole } = NUMERIC_KEYS[key];
        const value = whole ? Math.trunc(raw) : raw;
        fc.pre(value >= min && value <= max);
        expect(parseLiveMessage([{ KEY: key, VALUE: value }])[key]).toBe(value + 0);
        expect(parseValuesRecord({ [key]: String(value) })[key]).toBeCloseTo(value, 6);
      }),
      FC,
    );
  });

  it('reads a data service record the same way', () => {
    expect(parseValuesRecord({ State: 3, X: 12.5, Voltage: '4200', Unknown: 1, TaskFile: 'a.nc' })).toEqual({
      State: 3,
      X: 12.5,
      Voltage: 4200,
      TaskFile: 'a.nc',
    });
    expect(parseValuesRecord([1, 2])).toEqual({});
    expect(parseValuesRecord(null)).toEqual({});
  });

  it('zeroes every value but the given state, and an update replaces only its keys', () => {
    const zero = zeroValues(2);
    expect(zero.State).toBe(2);
    for (const key of Object.keys(NUMERIC_KEYS) as NumericKey[]) if (key !== 'State') expect(zero[key]).toBe(0);
    for (const key of TEXT_KEYS) expect(zero[key]).toBe('');
    const next = applyUpdate(zero, { X: 5, TaskName: 'a' });
    expect(next).toEqual({ ...zero, X: 5, TaskName: 'a' });
  });
});

describe('gauges', () => {
  it('has the maxima of spec 2 section 9 and the pressure gauge on tube, voltage on sheet', () => {
    expect(GAUGE_MAXIMA).toEqual({ FeedSpeed: 1000, Power: 60, CutPressure: 1000, Voltage: 10000 });
    expect(gaugesFor('tube')).toEqual(['FeedSpeed', 'Power', 'CutPressure']);
    expect(gaugesFor('sheet')).toEqual(['FeedSpeed', 'Power', 'Voltage']);
  });

  it('keeps the needle between 0 and 1 for any value (property)', () => {
    expect(gaugeFraction(30, 60)).toBe(0.5);
    fc.assert(
      fc.property(fc.double(), fc.double(), (value, max) => {
        const f = gaugeFraction(value, max);
        expect(f).toBeGreaterThanOrEqual(0);
        expect(f).toBeLessThanOrEqual(1);
      }),
      FC,
    );
  });
});
