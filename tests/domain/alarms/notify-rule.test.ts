import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALARM_KINDS } from '../../../src/domain/alarms/alarm-episode';
import { channelsFor, DEFAULT_RULE, isQuiet, labelRequestChannels, minuteOfDay, type NotifyRule } from '../../../src/domain/alarms/notify-rule';

const minute = fc.integer({ min: 0, max: 1439 });
const rule = fc.record<NotifyRule>({
  machines: fc.oneof(fc.constant('all' as const), fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { maxLength: 5 })),
  kinds: fc.subarray([...ALARM_KINDS]),
  allClear: fc.boolean(),
  quiet: fc.option(fc.record({ from: minute, to: minute }), { nil: null }),
  zone: fc.constantFrom('Asia/Shanghai', 'Europe/Berlin', 'UTC'),
  email: fc.boolean(),
  bell: fc.boolean(),
});
const event = fc.record({ machineId: fc.integer({ min: 1, max: 9 }), kind: fc.constantFrom(...ALARM_KINDS), change: fc.constantFrom<'raised' | 'cleared'>('raised', 'cleared'), at: fc.integer({ min: 1.7e12, max: 1.8e12 }) });

describe('who hears of an episode, and how', () => {
  it('never answers a channel the rule leaves off, a machine or kind it leaves out, or an all clear it did not ask for', () => {
    fc.assert(
      fc.property(rule, event, (r, e) => {
        const channels = channelsFor(r, e);
        if (!r.bell) expect(channels).not.toContain('bell');
        if (!r.email) expect(channels).not.toContain('email');
        if (r.machines !== 'all' && !r.machines.includes(e.machineId)) expect(channels).toEqual([]);
        if (!r.kinds.includes(e.kind)) expect(channels).toEqual([]);
        if (e.change === 'cleared' && !r.allClear) expect(channels).toEqual([]);
        // Quiet hours hold the e-mail only: the bell keeps the message.
        if (isQuiet(r.quiet, minuteOfDay(e.at, r.zone))) expect(channels).not.toContain('email');
        else if (r.email && r.kinds.includes(e.kind) && (r.machines === 'all' || r.machines.includes(e.machineId)) && (e.change === 'raised' || r.allClear)) expect(channels).toContain('email');
      }),
    );
  });

  it('reads quiet hours that run past midnight in the person\'s zone', () => {
    const quiet = { from: 22 * 60, to: 7 * 60 };
    expect([23 * 60, 0, 6 * 60 + 59].map((m) => isQuiet(quiet, m))).toEqual([true, true, true]);
    expect([7 * 60, 12 * 60, 21 * 60 + 59].map((m) => isQuiet(quiet, m))).toEqual([false, false, false]);
    // 2026-12-03 15:30 UTC is 23:30 in Shanghai and 16:30 in Berlin.
    const at = Date.UTC(2026, 11, 3, 15, 30);
    expect(minuteOfDay(at, 'Asia/Shanghai')).toBe(23 * 60 + 30);
    expect(channelsFor({ ...DEFAULT_RULE, email: true, quiet, zone: 'Asia/Shanghai' }, { machineId: 1, kind: 'offline', change: 'raised', at })).toEqual(['bell']);
    expect(channelsFor({ ...DEFAULT_RULE, email: true, quiet, zone: 'Europe/Berlin' }, { machineId: 1, kind: 'offline', change: 'raised', at })).toEqual(['bell', 'email']);
  });
});

describe('a repair request from a QR label', () => {
  it('always rings the bell, and mails unless a saved rule turned e-mail off, whatever its machines, kinds, quiet hours and bell', () => {
    fc.assert(fc.property(rule, (r) => {
        expect(labelRequestChannels(r)).toEqual(r.email ? ['bell', 'email'] : ['bell']);
      }), { seed: 20261203 });
    expect(labelRequestChannels(null)).toEqual(['bell', 'email']);
  });
});
