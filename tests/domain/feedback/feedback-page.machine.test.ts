import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createFeedbackFormMachine, type FeedbackValues } from '../../../src/domain/feedback/feedback-form.machine';
import { createFeedbackPageMachine, defaultExpectedDay, type FeedbackFileAnswer, type FeedbackPageInput, type FeedbackProfileAnswer } from '../../../src/domain/feedback/feedback-page.machine';
import { feedbackFileProblem, isFeedbackProduct, type FileSlot } from '../../../src/domain/feedback/feedback-rules';
import type { SubmitAnswer } from '../../../src/domain/shared/form-submit.machine';

const FC = { numRuns: 60, seed: Number(process.env.FC_SEED ?? 20250101) };
const NOW = new Date('2026-11-30T10:00:00+08:00');
const PROFILE = { kind: 'profile' as const, profile: { realName: 'Li Lei', account: 'li', mobile: '13800000000', email: 'li@example.com' } };

/** A feedback page with answers the test chooses, recording what was sent and what the page said. */
function start(form: 'cam' | 'user', input: FeedbackPageInput, upload: (slot: FileSlot, name: string) => FeedbackFileAnswer = (slot, name) => ({ kind: 'uploaded', id: `${slot}-id`, name })) {
  const sent: FeedbackValues[] = [];
  const said: string[] = [];
  const uploads: string[] = [];
  let answer: SubmitAnswer = { kind: 'accepted' };
  const machine = createFeedbackPageMachine(form, () => NOW).provide({
    actors: {
      form: createFeedbackFormMachine(form, () => NOW).provide({
        actors: {
          submit: fromPromise(async ({ input: values }) => {
            sent.push(values as FeedbackValues);
            return answer;
          }),
        },
      }),
      loadProfile: fromPromise(async (): Promise<FeedbackProfileAnswer> => PROFILE),
      uploadFile: fromPromise(async ({ input: { slot, file } }) => {
        uploads.push(`${slot}:${file.name}`);
        return upload(slot, file.name);
      }),
    },
    actions: {
      sent: () => said.push('sent'),
      unsupported: () => said.push('unsupported'),
      uploadFailed: (_, { message }) => said.push(`failed ${message}`),
    },
  });
  const actor = createActor(machine, { input }).start();
  const values = () => actor.getSnapshot().children.form!.getSnapshot().context.values;
  return { actor, values, sent, said, uploads, refuseNext: (message: string) => (answer = { kind: 'refused', message }) };
}

const settle = async () => {
  for (let i = 0; i < 4; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('the feedback page', () => {
  it("starts a week ahead with the address's product and version; an unknown product is not taken", () => {
    expect(start('cam', { product: '1', version: '2.3', withProfile: false }).values()).toMatchObject({ product: '1', version: '2.3', expected: defaultExpectedDay(NOW) });
    expect(start('cam', { product: '9', version: '2.3', withProfile: false }).values()).toMatchObject({ product: '', version: '2.3' });
  });

  it('fills the user form from the profile, keeps the name and contact after a sent form, and starts a fresh editor', async () => {
    const { actor, values, sent, said } = start('user', { withProfile: true });
    await settle();
    expect(values()).toMatchObject({ userName: 'Li Lei', phone: '13800000000' });
    for (const [field, value] of [['product', '0'], ['version', '1.0'], ['title', 'Crash'], ['html', '<p>Open a part</p>']] as const) actor.send({ type: 'form.change', field, value });
    actor.send({ type: 'form.submit' });
    await settle();
    expect(sent).toHaveLength(1);
    expect(said).toEqual(['sent']);
    expect(actor.getSnapshot().context.round).toBe(1);
    expect(values()).toMatchObject({ userName: 'Li Lei', phone: '13800000000', title: '', html: '', product: '', expected: defaultExpectedDay(NOW) });
  });

  it('takes a CAM contact written with spaces, hyphens and brackets and sends it in its normal form (issue 35 item 9)', async () => {
    for (const [written, kept] of [['+86 138 0000 0000', '+8613800000000'], ['+1 (555) 123-4567', '+15551234567'], [' li@example.com', 'li@example.com']]) {
      const { actor, sent } = start('cam', { product: '0', version: '1.0', withProfile: false });
      for (const [field, value] of [['title', 'Crash'], ['html', '<p>Open a part</p>'], ['phone', written]] as const) actor.send({ type: 'form.change', field, value });
      actor.send({ type: 'form.submit' });
      await settle();
      expect(actor.getSnapshot().children.form!.getSnapshot().context.errors, written).toEqual({});
      expect(sent.map((v) => v.phone), written).toEqual([kept]);
    }
  });

  it("keeps a slot's refused upload in the form (a 415 for a .STEP that is no STEP) until the slot is picked or emptied again or the product changes (issue 35 item 9)", async () => {
    let refuse = true;
    const { actor, values, said } = start('cam', { product: '1', version: '1.0', withProfile: false }, (slot, name) =>
      refuse ? { kind: 'refused', message: 'uc.refused.contentMismatch' } : { kind: 'uploaded', id: `${slot}-id`, name },
    );
    const problems = () => actor.getSnapshot().context.fileProblems;
    actor.send({ type: 'file.pick', slot: 'other', file: { name: 'part.STEP', size: 10 } });
    await settle();
    expect(said).toEqual(['failed uc.refused.contentMismatch']);
    expect(problems()).toEqual({ main: null, other: { kind: 'refused', message: 'uc.refused.contentMismatch' } });
    expect(values().otherFileName).toBe('');
    // A file of a type the product does not take is said at its slot too.
    actor.send({ type: 'file.pick', slot: 'main', file: { name: 'part.dxf', size: 10 } });
    expect(problems().main).toEqual({ kind: 'unsupported' });
    refuse = false;
    actor.send({ type: 'file.pick', slot: 'other', file: { name: 'part.step', size: 10 } });
    await settle();
    expect(problems()).toEqual({ main: { kind: 'unsupported' }, other: null });
    actor.send({ type: 'file.remove', slot: 'main' });
    expect(problems().main).toBeNull();
    refuse = true;
    actor.send({ type: 'file.pick', slot: 'main', file: { name: 'part.bnt', size: 10 } });
    await settle();
    expect(problems().main).toEqual({ kind: 'refused', message: 'uc.refused.contentMismatch' });
    actor.send({ type: 'form.change', field: 'product', value: '0' });
    expect(problems()).toEqual({ main: null, other: null });
  });

  it('loads no profile for the CAM form nor for a page that is leaving', async () => {
    for (const [form, input] of [['cam', { product: '0', version: '1', withProfile: true }], ['user', { withProfile: false }]] as const) {
      const { values } = start(form, input);
      await settle();
      expect(values().userName).toBe('');
    }
  });

  it('property: a slot only ever holds a file uploaded for the product chosen now, of a type that product takes', async () => {
    const names = fc.constantFrom('part.bnt', 'part.bnn', 'part.bnd', 'part.dxf', 'part.step', 'part.igs', 'part.exe', 'a+b.dxf');
    const step = fc.oneof(
      fc.record({ type: fc.constant('product' as const), value: fc.constantFrom('', '0', '1', '4', '7') }),
      fc.record({ type: fc.constant('pick' as const), slot: fc.constantFrom<FileSlot>('main', 'other'), name: names }),
      fc.record({ type: fc.constant('remove' as const), slot: fc.constantFrom<FileSlot>('main', 'other') }),
      fc.record({ type: fc.constant('refuse' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 15 }), async (steps) => {
        let refuse = false;
        const { actor, values, said } = start('cam', { product: '0', version: '1', withProfile: false }, (slot, name) => (refuse ? { kind: 'refused', message: 'too big' } : { kind: 'uploaded', id: `${slot}-${name}`, name }));
        // The product each slot's file was uploaded for.
        const uploadedFor: Record<FileSlot, string | null> = { main: null, other: null };
        for (const s of steps) {
          refuse = false;
          const product = values().product;
          if (s.type === 'product') {
            actor.send({ type: 'form.change', field: 'product', value: s.value });
            uploadedFor.main = uploadedFor.other = null;
          } else if (s.type === 'remove') {
            actor.send({ type: 'file.remove', slot: s.slot });
            uploadedFor[s.slot] = null;
          } else if (s.type === 'refuse') {
            refuse = true;
            actor.send({ type: 'file.pick', slot: 'main', file: { name: 'part.bnn', size: 1 } });
          } else {
            const before = said.length;
            actor.send({ type: 'file.pick', slot: s.slot, file: { name: s.name, size: 1 } });
            const id = Number(product);
            const fits = product !== '' && isFeedbackProduct(id) && feedbackFileProblem(s.name, s.slot, id) === null;
            if (product !== '' && isFeedbackProduct(id) && !fits) expect(said.slice(before)).toEqual(['unsupported']);
            if (fits) uploadedFor[s.slot] = product;
          }
          await settle();
          const now = values();
          for (const slot of ['main', 'other'] as const) {
            const file = slot === 'main' ? now.mainFileName : now.otherFileName;
            if (file === '') continue;
            expect(uploadedFor[slot]).toBe(now.product);
            expect(feedbackFileProblem(file, slot, Number(now.product) as 0)).toBeNull();
          }
          expect(actor.getSnapshot().context.uploading).toBeNull();
        }
        actor.stop();
      }),
      FC,
    );
  });
});
