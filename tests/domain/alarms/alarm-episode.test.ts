import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALARM_KINDS, CLEAR_HOLD_MS, nextEpisode, type Episode, type Reading } from '../../../src/domain/alarms/alarm-episode';
import { isRunning, troubleOf } from '../../../src/domain/alarms/machine-trouble';

/** Readings a second or more apart, each in trouble or not. */
const readings = fc
  .array(fc.record({ gap: fc.integer({ min: 1000, max: 3 * CLEAR_HOLD_MS }), trouble: fc.option(fc.record({ kind: fc.constantFrom(...ALARM_KINDS), text: fc.string({ maxLength: 8 }) }), { nil: null }) }), { maxLength: 60 })
  .map((steps) => {
    let at = 1_700_000_000_000;
    return steps.map((s): Reading => ({ at: (at += s.gap), trouble: s.trouble }));
  });

const run = (list: readonly Reading[]) => {
  let episode: Episode | null = null;
  const changes: string[] = [];
  for (const reading of list) {
    const next = nextEpisode(episode, reading);
    episode = next.episode;
    if (next.change) changes.push(next.change.kind);
  }
  return { episode, changes };
};

describe('an alarm episode', () => {
  it('raises and clears in turn, starting with a raise, and is open exactly when the last change was a raise', () => {
    fc.assert(
      fc.property(readings, (list) => {
        const { episode, changes } = run(list);
        changes.forEach((c, i) => expect(c).toBe(i % 2 === 0 ? 'raised' : 'cleared'));
        expect(episode !== null).toBe(changes.at(-1) === 'raised');
      }),
    );
  });

  it('raises once for trouble that never calms for the hold time, however often it repeats', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ gap: fc.integer({ min: 1, max: CLEAR_HOLD_MS / 2 - 1 }), calm: fc.boolean() }), { minLength: 1, maxLength: 50 }), (steps) => {
        // Never two calm readings in a row, each within half the hold time of a trouble: one episode.
        let at = 0;
        const list: Reading[] = [{ at, trouble: { kind: 'emergencyStop', text: 'E1' } }];
        steps.forEach((step, i) => list.push({ at: (at += step.gap), trouble: step.calm && !steps[i - 1]?.calm ? null : { kind: 'emergencyStop', text: 'E1' } }));
        expect(run(list).changes).toEqual(['raised']);
      }),
    );
  });

  it('clears after the hold time out of trouble, not before', () => {
    const raised = nextEpisode(null, { at: 0, trouble: { kind: 'alarmStop', text: 'E203' } });
    expect(raised.change).toMatchObject({ kind: 'raised', episode: { kind: 'alarmStop', text: 'E203', since: 0 } });
    const calm = nextEpisode(raised.episode, { at: 1000, trouble: null });
    expect(calm.change).toBeNull();
    expect(nextEpisode(calm.episode, { at: 1000 + CLEAR_HOLD_MS - 1, trouble: null }).change).toBeNull();
    expect(nextEpisode(calm.episode, { at: 1000 + CLEAR_HOLD_MS, trouble: null }).change).toMatchObject({ kind: 'cleared', at: 1000 + CLEAR_HOLD_MS });
    // Trouble again inside the hold time: the calm is forgotten.
    const back = nextEpisode(calm.episode, { at: 2000, trouble: { kind: 'alarmStop', text: 'E203' } });
    expect(back.episode?.calmSince).toBeNull();
    expect(nextEpisode(back.episode, { at: 2000 + CLEAR_HOLD_MS, trouble: null }).change).toBeNull();
  });
});

describe('the trouble a live State tells', () => {
  it('reads a sheet machine by its emergency codes and a tube machine by a stop with an alarm', () => {
    expect([7, 8].map((s) => troubleOf('sheet', s, ''))).toEqual(['emergencyStop', 'emergencyStop']);
    expect([0, 1, 2, 3, 4, 5, 6, -1].map((s) => troubleOf('sheet', s, 'Gas'))).toEqual(Array(8).fill(null));
    expect(troubleOf('tube', 3, 'Collision')).toBe('alarmStop');
    expect(troubleOf('tube', 3, '')).toBeNull();
    expect([0, 1, 2].map((s) => troubleOf('tube', s, 'Collision'))).toEqual([null, null, null]);
    fc.assert(fc.property(fc.integer({ min: -5, max: 20 }), fc.constantFrom<'sheet' | 'tube'>('sheet', 'tube'), (s, kind) => {
        expect(isRunning(kind, s) && troubleOf(kind, s, 'x') !== null).toBe(false);
      }),
    );
  });
});
