import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { emptyRegistryDraft, registryDialogProblem, registryEntryProblem, unbindReasonProblem, type RegistryDialogMode, type RegistryDraft } from '../../../src/domain/staff/registry-entry';
import { releaseDraftProblem, releasePublishMachine, type PublishActorEvent, type PublishAnswer } from '../../../src/domain/staff/release-publish.machine';
import { staffDialogMachine, type ChangeAnswer } from '../../../src/domain/staff/staff-dialog.machine';

const draftArb = fc.record({
  orderNumber: fc.oneof(fc.constant('G3015-1'), fc.string({ maxLength: 6 })),
  name: fc.oneof(fc.constant('Laser'), fc.string({ maxLength: 3 })),
  seriesName: fc.oneof(fc.constant('G'), fc.constant(' ')),
  model: fc.string({ maxLength: 3 }),
  laserPowerKw: fc.oneof(fc.integer({ min: -5, max: 300 }), fc.constant(Number.NaN)),
  deliveryDay: fc.oneof(fc.constant(''), fc.constant('2025-02-30'), fc.constant('2025-03-01')),
  reason: fc.oneof(fc.constant(''), fc.constant('sold'), fc.string({ maxLength: 4 })),
}).map((d): RegistryDraft => ({ ...d, details: emptyRegistryDraft().details }));

const dialogEvent = fc.oneof(
  fc.record({ type: fc.constant('open' as const), mode: fc.constantFrom<RegistryDialogMode>('add', 'edit', 'unbind', 'withdrawLabels'), draft: draftArb }),
  fc.record({ type: fc.constant('edit' as const), draft: draftArb }),
  fc.constant({ type: 'submit' as const }),
  fc.constant({ type: 'close' as const }),
);
const changeAnswer = fc.oneof(fc.constant<ChangeAnswer>({ kind: 'done' }), fc.constant<ChangeAnswer>({ kind: 'forbidden' }), fc.string({ maxLength: 5 }).map((m): ChangeAnswer => ({ kind: 'refused', message: m })));

describe('the staff dialog machine (registry add / edit / unbind, work-order move)', () => {
  it('sends only drafts its rule accepts, counts each done change once, and a refusal keeps the dialog open', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(dialogEvent, { maxLength: 12 }), fc.array(changeAnswer, { minLength: 1, maxLength: 3 }), async (events, answers) => {
        const sent: { mode: RegistryDialogMode; draft: RegistryDraft }[] = [];
        let dones = 0;
        let i = 0;
        const machine = staffDialogMachine<RegistryDialogMode, RegistryDraft>(registryDialogProblem, { mode: 'add', draft: emptyRegistryDraft() }).provide({
          actors: {
            send: fromPromise(async ({ input }) => {
              sent.push(input);
              const a = answers[i++ % answers.length]!;
              if (a.kind === 'done') dones++;
              return a;
            }),
          },
        });
        const actor = createActor(machine).start();
        for (const event of events) {
          actor.send(event);
          await waitFor(actor, (s) => !s.hasTag('busy'));
          const s = actor.getSnapshot();
          if (s.matches('open') && s.context.problem) expect(registryDialogProblem(s.context.mode, s.context.draft)).not.toBeNull();
        }
        for (const { mode, draft } of sent) expect(registryDialogProblem(mode, draft)).toBeNull();
        expect(actor.getSnapshot().context.saved).toBe(dones);
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });

  it('the rule: unbind needs a reason, add and edit the entry rule', () => {
    const good: RegistryDraft = { ...emptyRegistryDraft(), orderNumber: 'G3015-1', name: 'Laser', seriesName: 'G' };
    expect(registryEntryProblem(good)).toBeNull();
    expect(registryDialogProblem('unbind', good)).toBe('staff.registry.error.reasonRequired');
    expect(registryDialogProblem('unbind', { ...good, orderNumber: '', reason: 'sold on' })).toBeNull();
    // Withdrawing labels asks for nothing but the confirmation (the server knows the machine or not).
    expect(registryDialogProblem('withdrawLabels', { ...emptyRegistryDraft(), orderNumber: 'G3015-1' })).toBeNull();
    expect(unbindReasonProblem('x'.repeat(501))).toBe('staff.registry.error.reasonTooLong');
    expect(registryEntryProblem({ ...good, deliveryDay: '2025-02-29' })).toBe('staff.registry.error.day');
    expect(registryEntryProblem({ ...good, laserPowerKw: 6.5 })).toBe('staff.registry.error.power');
  });
});

const file = fc.option(fc.record({ name: fc.constant('nest.exe'), size: fc.integer({ min: 0, max: 5000 }) }), { nil: null });
const publishEvent = fc.oneof(
  fc.record({ type: fc.constant('edit' as const), draft: fc.record({ productType: fc.constantFrom('0', '1', '9'), version: fc.constantFrom('', '2.1.0', ' '), remark: fc.string({ maxLength: 3 }), remarkEn: fc.constant('') }) }),
  fc.record({ type: fc.constant('file' as const), file }),
  fc.constant({ type: 'submit' as const }),
);
const uploadScript = fc.record({
  progress: fc.array(fc.integer({ min: -100, max: 10_000 }), { maxLength: 6 }),
  end: fc.oneof(fc.constant<'lost'>('lost'), fc.constant<PublishAnswer>({ kind: 'published', version: '2.1.0' }), fc.constant<PublishAnswer>({ kind: 'refused', message: 'taken' })),
});

describe('the release publish machine', () => {
  it('uploads only a valid draft with a file; progress never goes back nor past the file; published clears the file', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(publishEvent, { maxLength: 10 }), uploadScript, async (events, script) => {
        const uploads: { draft: unknown; file: { size: number } }[] = [];
        const seen: number[] = [];
        const machine = releasePublishMachine.provide({
          actors: {
            upload: fromCallback<PublishActorEvent, { draft: any; file: any }>(({ input, sendBack }) => {
              uploads.push(input);
              expect(releaseDraftProblem(input.draft, input.file)).toBeNull();
              queueMicrotask(() => {
                for (const loaded of script.progress) sendBack({ type: 'upload.progress', loaded });
                sendBack(script.end === 'lost' ? { type: 'upload.lost' } : { type: 'upload.answer', answer: script.end });
              });
            }),
          },
        });
        const actor = createActor(machine).start();
        let wasBusy = false;
        actor.subscribe((s) => {
          // Within one upload the progress only grows (a new upload starts again from 0).
          if (s.hasTag('busy')) {
            if (wasBusy && seen.length) expect(s.context.loaded).toBeGreaterThanOrEqual(seen[seen.length - 1]!);
            seen.push(s.context.loaded);
          }
          wasBusy = s.hasTag('busy');
          expect(s.context.loaded).toBeGreaterThanOrEqual(0);
          if (s.context.file) expect(s.context.loaded).toBeLessThanOrEqual(s.context.file.size);
        });
        for (const event of events) {
          const before = actor.getSnapshot().context;
          actor.send(event);
          if (actor.getSnapshot().hasTag('busy')) {
            await waitFor(actor, (s) => !s.hasTag('busy'));
            const after = actor.getSnapshot().context;
            if (script.end !== 'lost' && script.end.kind === 'published') {
              expect(after.file).toBeNull();
              expect(after.published).toBe('2.1.0');
            } else expect(after.file).toBe(before.file);
          }
        }
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });
});
