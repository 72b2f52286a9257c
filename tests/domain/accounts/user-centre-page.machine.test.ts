import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { emailChangeMachine, type EmailChangeAnswer, type EmailCodeAnswer } from '../../../src/domain/accounts/email-change.machine';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../../src/domain/accounts/profile-rules';
import { userCentrePageMachine, type AvatarUploadEvent, type CentreProfile, type ProfileAnswer } from '../../../src/domain/accounts/user-centre-page.machine';

const FC = { numRuns: 80, seed: Number(process.env.FC_SEED ?? 20250101) };

const profile = (n: number): CentreProfile => ({
  userId: 'u1',
  account: 'li',
  realName: `Li ${n}`,
  email: `li${n}@example.com`,
  mobile: '',
  avatarUrl: '',
  fullPathId: '',
  fullPathName: '',
  address: '',
});

/** The page with a server the test drives: each profile load answers the next version; the avatar upload reports to `upload`. */
function start() {
  let loads = 0;
  const languages: string[] = [];
  const said: string[] = [];
  let upload: ((event: AvatarUploadEvent) => void) | null = null;
  const machine = userCentrePageMachine.provide({
    actors: {
      loadProfile: fromPromise(async ({ input }: { input: { language: 'zh' | 'en' } }): Promise<ProfileAnswer> => {
        languages.push(input.language);
        return { kind: 'profile', profile: profile(++loads) };
      }),
      uploadAvatar: fromCallback<AvatarUploadEvent, { file: { type: string; size: number } }>(({ sendBack }) => {
        upload = sendBack;
        return () => (upload = null);
      }),
      emailChange: emailChangeMachine.provide({
        actors: {
          requestCode: fromPromise(async (): Promise<EmailCodeAnswer> => ({ kind: 'sent', waitSeconds: 60 })),
          submit: fromPromise(async ({ input }: { input: { email: string; code: string } }): Promise<EmailChangeAnswer> => ({ kind: 'changed', email: input.email })),
        },
      }),
    },
    actions: {
      emailChanged: () => said.push('emailChanged'),
      avatarRefused: () => said.push('avatarRefused'),
      avatarDone: () => said.push('avatarDone'),
      avatarFailed: (_, { message }) => said.push(`avatarFailed ${message}`),
    },
  });
  const actor = createActor(machine, { input: { language: 'en' } }).start();
  return { actor, said, loads: () => loads, languages, upload: () => upload };
}

const settle = async () => {
  for (let i = 0; i < 4; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('the user centre page', () => {
  it("loads the profile in the page's language, and again in a new one (its region named in it; issue 35 item 6)", async () => {
    const { actor, languages } = start();
    await settle();
    actor.send({ type: 'language.change', language: 'en' });
    await settle();
    expect(languages).toEqual(['en']);
    actor.send({ type: 'language.change', language: 'zh' });
    await settle();
    expect(languages).toEqual(['en', 'zh']);
    expect(actor.getSnapshot().context.profile?.realName).toBe('Li 2');
  });

  it('loads the profile; an e-mail change closes the dialog, says so and loads the profile again', async () => {
    const { actor, said, loads } = start();
    await settle();
    expect(actor.getSnapshot().context.profile?.realName).toBe('Li 1');
    actor.send({ type: 'email.open' });
    const dialog = actor.getSnapshot().children.emailChange!;
    dialog.send({ type: 'email.change', value: 'new@example.com' });
    dialog.send({ type: 'code.change', value: '123456' });
    dialog.send({ type: 'form.submit' });
    await settle();
    expect(said).toEqual(['emailChanged']);
    expect(actor.getSnapshot().children.emailChange).toBeUndefined();
    expect(loads()).toBe(2);
    expect(actor.getSnapshot().context.profile?.realName).toBe('Li 2');
  });

  it('closing the dialog stops its machine; opening it again starts a fresh one', async () => {
    const { actor } = start();
    actor.send({ type: 'email.open' });
    actor.getSnapshot().children.emailChange!.send({ type: 'email.change', value: 'typed@example.com' });
    actor.send({ type: 'email.close' });
    expect(actor.getSnapshot().children.emailChange).toBeUndefined();
    actor.send({ type: 'email.open' });
    expect(actor.getSnapshot().children.emailChange!.getSnapshot().context.email).toBe('');
  });

  it('property: only a picture of the allowed types up to 2 MB is sent; the progress stays within 0..100; an upload ends once', async () => {
    const picture = fc.record({
      type: fc.constantFrom(...AVATAR_TYPES, 'image/svg+xml', 'application/pdf', ''),
      size: fc.oneof(fc.integer({ min: 0, max: AVATAR_MAX_BYTES }), fc.integer({ min: AVATAR_MAX_BYTES + 1, max: 3 * AVATAR_MAX_BYTES })),
    });
    const step = fc.oneof(
      fc.record({ kind: fc.constant('pick' as const), file: picture }),
      fc.record({ kind: fc.constant('progress' as const), share: fc.double({ min: -1, max: 2, noNaN: true }) }),
      fc.record({ kind: fc.constantFrom('uploaded' as const, 'refused' as const, 'lost' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 20 }), async (steps) => {
        const page = start();
        await settle();
        let uploads = 0;
        for (const s of steps) {
          const before = page.said.length;
          const uploading = page.actor.getSnapshot().hasTag('uploading');
          if (s.kind === 'pick') {
            page.actor.send({ type: 'avatar.pick', file: s.file });
            const allowed = AVATAR_TYPES.includes(s.file.type) && s.file.size <= AVATAR_MAX_BYTES;
            if (!uploading) {
              expect(page.actor.getSnapshot().hasTag('uploading')).toBe(allowed);
              expect(page.said.slice(before)).toEqual(allowed ? [] : ['avatarRefused']);
              if (allowed) uploads += 1;
            }
          } else if (uploading) {
            const send = page.upload()!;
            if (s.kind === 'progress') send({ type: 'avatar.progress', share: s.share });
            else if (s.kind === 'lost') send({ type: 'avatar.lost' });
            else send({ type: 'avatar.answer', answer: s.kind === 'uploaded' ? { kind: 'uploaded', url: '/a.png' } : { kind: 'refused', message: 'no' } });
            await settle();
            if (s.kind !== 'progress') expect(page.actor.getSnapshot().hasTag('uploading')).toBe(false);
            if (s.kind === 'uploaded') expect(page.said.slice(before)).toEqual(['avatarDone']);
            if (s.kind === 'refused') expect(page.said.slice(before)).toEqual(['avatarFailed no']);
          }
          const sent = page.actor.getSnapshot().context.avatarSent;
          expect(sent).toBeGreaterThanOrEqual(0);
          expect(sent).toBeLessThanOrEqual(100);
        }
        // Each finished upload loaded the profile once more.
        expect(page.loads()).toBe(1 + page.said.filter((s) => s === 'avatarDone').length);
        expect(page.said.filter((s) => s === 'avatarDone' || s.startsWith('avatarFailed')).length).toBeLessThanOrEqual(uploads);
        page.actor.stop();
      }),
      FC,
    );
  });
});
