import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CallAnswer } from '../../../src/domain/shared/call-answer';
import { ALARM_KINDS } from '../../../src/domain/alarms/alarm-episode';
import { notifySettingsMachine, patchRule, ruleProblem, type AddHookAnswer, type HookDraft, type Lang, type NotifySettings, type RuleDraft, type SaveRuleAnswer } from '../../../src/domain/alarms/notify-settings.machine';

const settings: NotifySettings = {
  rule: { machineIds: null, kinds: [...ALARM_KINDS], allClear: false, quietFrom: null, quietTo: null, zone: 'Asia/Shanghai', email: false, bell: true },
  webhooks: [],
  machines: [{ id: 1, orderNumber: 'G1', name: 'Line 1' }],
  deliveries: [],
};

const rule = fc.record<RuleDraft>({
  machineIds: fc.option(fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 4 }), { nil: null }),
  kinds: fc.subarray([...ALARM_KINDS]),
  allClear: fc.boolean(),
  quietFrom: fc.option(fc.integer({ min: -100, max: 2000 }), { nil: null }),
  quietTo: fc.option(fc.integer({ min: -100, max: 2000 }), { nil: null }),
  zone: fc.constant('UTC'),
  email: fc.boolean(),
  bell: fc.boolean(),
});

describe('the notification settings', () => {
  it('keeps a draft within what the form offers, and asks the server only for a draft it does not refuse itself', async () => {
    await fc.assert(
      fc.asyncProperty(rule, async (draft) => {
        const patched = patchRule(settings.rule, draft);
        for (const m of [patched.quietFrom, patched.quietTo]) if (m !== null) expect(m).toBeGreaterThanOrEqual(0), expect(m).toBeLessThanOrEqual(1439);
        expect(new Set(patched.kinds).size).toBe(patched.kinds.length);
        const saved: RuleDraft[] = [];
        const actor = createActor(
          notifySettingsMachine.provide({
            actors: {
              load: fromPromise<CallAnswer<NotifySettings>>(async () => ({ kind: 'done' as const, data: settings })),
              saveRule: fromPromise<SaveRuleAnswer, { rule: RuleDraft; language: Lang }>(async ({ input }) => (saved.push(input.rule), { kind: 'done' as const, data: null })),
            },
          }),
        ).start();
        await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
        actor.send({ type: 'rule.change', patch: draft });
        actor.send({ type: 'rule.save', language: 'en', zone: 'UTC' });
        await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
        const problem = ruleProblem(patched);
        expect(saved).toEqual(problem ? [] : [patched]);
        expect(actor.getSnapshot().context.notice).toBe(problem ? null : 'ruleSaved');
        expect(actor.getSnapshot().context.problem).toBe(problem);
        actor.stop();
      }),
    );
  });

  it('shows a refused webhook under its name, and loads the list again after one is added', async () => {
    let loads = 0;
    const answers: AddHookAnswer[] = [{ kind: 'secretRequired' }, { kind: 'done', data: 5 }];
    const actor = createActor(
      notifySettingsMachine.provide({
        actors: {
          load: fromPromise<CallAnswer<NotifySettings>>(async () => (loads++, { kind: 'done' as const, data: { ...settings, webhooks: loads > 1 ? [{ id: 5, format: 'json' as const, url: 'https://x.test/h', hasSecret: true, allClear: true }] : [] } })),
          addHook: fromPromise<AddHookAnswer, { hook: HookDraft; language: Lang }>(async () => answers.shift()!),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'hook.add', language: 'zh' });
    expect(actor.getSnapshot().context.problem).toBe('urlRequired');
    actor.send({ type: 'hook.change', patch: { format: 'json', url: 'https://x.test/h' } });
    actor.send({ type: 'hook.add', language: 'zh' });
    await waitFor(actor, (s) => s.context.problem === 'secretRequired');
    actor.send({ type: 'hook.change', patch: { secret: 'long-enough-secret' } });
    actor.send({ type: 'hook.add', language: 'zh' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.notice === 'hookAdded' && s.context.webhooks.length === 1);
    expect(actor.getSnapshot().context.hook.url).toBe('');
    expect(loads).toBe(2);
  });
});
