import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OFFLINE_AFTER_MS } from '../../src/domain/alarms/alarm-episode';
import { AlarmWatch, stateOf } from '../../src/server/telemetry/alarm-watch';
import { parseLiveMessage } from '../../src/server/telemetry/live-values';

const message = (items: { KEY: string; VALUE: number | string }[]) => Buffer.from(JSON.stringify(items));

describe('reading State off the live path', () => {
  it('reads what a full parse reads, in any order of keys and items', () => {
    const item = fc.oneof(
      fc.record({ KEY: fc.constantFrom('X', 'TaskName', 'ErrorType', 'Progress'), VALUE: fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant('State')) }),
    );
    fc.assert(
      fc.property(fc.array(item, { maxLength: 6 }), fc.integer({ min: -2, max: 20 }), fc.nat(6), fc.boolean(), (others, state, at, valueFirst) => {
        const items: object[] = [...others];
        items.splice(Math.min(at, items.length), 0, valueFirst ? { VALUE: state, KEY: 'State' } : { KEY: 'State', VALUE: state });
        const payload = Buffer.from(JSON.stringify(items));
        expect(stateOf(payload)).toBe(parseLiveMessage(payload)?.State ?? null);
      }),
    );
    expect(stateOf(message([{ KEY: 'TaskName', VALUE: 'a' }]))).toBeNull();
  });
});

describe('the watch', () => {
  const watchOf = () => {
    let now = 1_000_000;
    const changes: string[] = [];
    const watch = new AlarmWatch({ kindOf: async (o) => (o.startsWith('T') ? 'tube' : o.startsWith('G') ? 'sheet' : null), onChange: (o, c) => changes.push(`${o} ${c.kind} ${c.kind === 'raised' ? c.episode.kind : ''}`.trim()), now: () => now });
    return { watch, changes, advance: (ms: number) => (now += ms) };
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('raises a tube stop with an alarm, not one without, and never for a machine it does not know', async () => {
    const { watch, changes } = watchOf();
    for (const o of ['T1', 'T2', 'X1']) watch.take(o, message([{ KEY: 'State', VALUE: 1 }]));
    await settle();
    watch.take('T1', message([{ KEY: 'State', VALUE: 3 }, { KEY: 'ErrorType', VALUE: 'Gas' }, { KEY: 'ErrorContent', VALUE: 'E410' }]));
    watch.take('T2', message([{ KEY: 'State', VALUE: 3 }, { KEY: 'ErrorType', VALUE: '' }]));
    watch.take('X1', message([{ KEY: 'State', VALUE: 8 }]));
    expect(changes).toEqual(['T1 raised alarmStop']);
  });

  it('raises a tube machine that was stopped and then names an alarm under the same State', async () => {
    const { watch, changes } = watchOf();
    watch.take('T1', message([{ KEY: 'State', VALUE: 3 }, { KEY: 'ErrorType', VALUE: '' }]));
    await settle();
    watch.take('T1', message([{ KEY: 'State', VALUE: 3 }, { KEY: 'ErrorType', VALUE: '' }]));
    expect(changes).toEqual([]);
    watch.take('T1', message([{ KEY: 'State', VALUE: 3 }, { KEY: 'ErrorType', VALUE: 'Collision' }, { KEY: 'ErrorContent', VALUE: 'E203' }]));
    expect(changes).toEqual(['T1 raised alarmStop']);
  });

  it('tells of a running machine gone silent, not of an idle one, and once', async () => {
    const { watch, changes, advance } = watchOf();
    watch.take('G1', message([{ KEY: 'State', VALUE: 1 }]));
    watch.take('G2', message([{ KEY: 'State', VALUE: 1 }]));
    await settle();
    watch.take('G1', message([{ KEY: 'State', VALUE: 3 }]));
    watch.take('G2', message([{ KEY: 'State', VALUE: 1 }]));
    advance(OFFLINE_AFTER_MS - 1);
    watch.sweep();
    expect(changes).toEqual([]);
    advance(1);
    watch.sweep();
    watch.sweep();
    expect(changes).toEqual(['G1 raised offline']);
  });
});
