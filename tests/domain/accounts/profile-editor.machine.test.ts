import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { areaCascadeMachine } from '../../../src/domain/accounts/area-cascade.machine';
import { AREA_LEVELS, type AreaLevel } from '../../../src/domain/accounts/area-levels';
import { profileEditorMachine } from '../../../src/domain/accounts/profile-editor.machine';
import { profileFormMachine, type ProfileValues } from '../../../src/domain/accounts/profile-form.machine';
import { AREAS } from './areas.fixture';

const FC = { numRuns: 150, seed: Number(process.env.FC_SEED ?? 20250101) };

const SAVED = { realName: 'Li Lei', mobile: '13800000000', fullPathId: '81-810', fullPathName: 'Germany/Bavaria', address: 'Road 1' };

/** The editor over the fixture's areas, the form's submit recording what it is asked to save. */
function start() {
  const sent: ProfileValues[] = [];
  const saved: string[] = [];
  const actor = createActor(
    profileEditorMachine.provide({
      actors: {
        profileForm: profileFormMachine.provide({
          actors: {
            submit: fromPromise(async ({ input }) => {
              sent.push(input as ProfileValues);
              return { kind: 'accepted' as const };
            }),
          },
        }),
        areaCascade: areaCascadeMachine.provide({ actors: { loadAreas: fromPromise(async ({ input }) => AREAS[`${input.level}:${input.parentId}`] ?? []) } }),
      },
      actions: { saved: () => saved.push('saved') },
    }),
    { input: { language: 'en', profile: SAVED } },
  );
  actor.start();
  return { actor, sent, saved };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('profile editor: the profile form with the area cascade of registration', () => {
  it('keeps the saved area when none is chosen; a save says so once and the form starts again from what was saved, passwords empty', async () => {
    const { actor, sent, saved } = start();
    await settle();
    actor.send({ type: 'form.change', field: 'mobile', value: '13900000000' });
    actor.send({ type: 'form.submit' });
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ fullPathId: '81-810', fullPathName: 'Germany/Bavaria', realName: 'Li Lei' });
    expect(saved).toEqual(['saved']);
    const form = actor.getSnapshot().context.form.getSnapshot();
    expect(form.matches('editing')).toBe(true);
    expect(form.context.values).toMatchObject({ realName: 'Li Lei', mobile: '13900000000', fullPathId: '81-810', password: '', oldPassword: '' });
  });

  it('saves the chosen chain, as far down as it was chosen, in the form registration stores', async () => {
    const { actor, sent } = start();
    await settle();
    actor.send({ type: 'area.select', level: 'nation', id: 44 });
    await settle();
    actor.send({ type: 'area.select', level: 'province', id: 440 });
    await settle();
    actor.send({ type: 'area.select', level: 'city', id: 4400 });
    await settle();
    actor.send({ type: 'form.submit' });
    await settle();
    expect(sent[0]).toMatchObject({ fullPathId: '44-440-4400', fullPathName: 'China/Shandong/Jinan' });
  });

  it('does not send a form that breaks the rules, whatever area is chosen', async () => {
    const { actor, sent } = start();
    await settle();
    actor.send({ type: 'form.change', field: 'realName', value: ' ' });
    actor.send({ type: 'area.select', level: 'nation', id: 81 });
    await settle();
    actor.send({ type: 'form.submit' });
    await settle();
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context.form.getSnapshot().context.errors).toEqual({ realName: 'nameErr' });
  });

  it('property: what is saved is the chain the cascade holds at submit, else the saved area', async () => {
    const step = fc.record({ level: fc.constantFrom<AreaLevel>(...AREA_LEVELS), id: fc.constantFrom<number | null>(null, 44, 81, 440, 441, 810, 4400, 4410, 44000, 7) });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 8 }), async (steps) => {
        const { actor, sent } = start();
        await settle();
        for (const s of steps) {
          actor.send({ type: 'area.select', ...s });
          await settle();
        }
        const cascade = actor.getSnapshot().context.areas.getSnapshot().context;
        const chain = AREA_LEVELS.map((l) => cascade.selected[l]).filter((a) => a !== null);
        actor.send({ type: 'form.submit' });
        await settle();
        expect(sent).toHaveLength(1);
        const expected = chain.length
          ? { fullPathId: chain.map((a) => a.countryid).join('-'), fullPathName: chain.map((a) => a.countryname).join('/') }
          : { fullPathId: SAVED.fullPathId, fullPathName: SAVED.fullPathName };
        expect(sent[0]).toMatchObject(expected);
        // Every id of the chain is a child of the one before it in the catalogue.
        const ids = sent[0]!.fullPathId.split('-').map(Number);
        ids.forEach((id, i) => {
          const parentKey = `${AREA_LEVELS[i]}:${i === 0 ? 0 : ids[i - 1]}`;
          expect(AREAS[parentKey]?.some((a) => a.countryid === id)).toBe(true);
        });
        actor.stop();
      }),
      FC,
    );
  });
});
