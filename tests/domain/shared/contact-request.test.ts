import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  contactRequestMachine,
  validateContact,
  type ContactFields,
  type ContactRequest,
  type ContactRequestEvent,
} from '../../../src/domain/shared/contact-request.machine';
import type { SubmitAnswer } from '../../../src/domain/shared/form-submit.machine';

const FC = { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20250101) };
const VALID: ContactFields = { name: 'Li Lei', phone: '13800138000', email: '', company: '', message: 'Need a quote for MES' };

function start(answer: (request: ContactRequest) => Promise<SubmitAnswer> = async () => ({ kind: 'accepted' })) {
  const calls: ContactRequest[] = [];
  const actor = createActor(
    contactRequestMachine.provide({
      actors: {
        submit: fromPromise<SubmitAnswer, ContactRequest>(async ({ input }) => {
          calls.push(input);
          return answer(input);
        }),
      },
    }),
  );
  actor.start();
  return { actor, calls };
}

const fill = (actor: ReturnType<typeof start>['actor'], fields: Partial<ContactFields>) => {
  for (const [field, value] of Object.entries(fields)) actor.send({ type: 'form.change', field: field as keyof ContactFields, value });
};

describe('contact form rules', () => {
  it('needs a name, a phone and a message; e-mail is optional but checked', () => {
    expect(validateContact({ name: '', phone: '', email: '', company: '', message: '' })).toEqual({
      name: 'landing.contact.error.nameRequired',
      phone: 'landing.contact.error.phoneRequired',
      message: 'landing.contact.error.messageRequired',
    });
    expect(validateContact({ ...VALID, phone: 'abc', email: 'nope' })).toEqual({
      phone: 'landing.contact.error.phoneFormat',
      email: 'landing.contact.error.emailFormat',
    });
    expect(validateContact({ ...VALID, email: 'li@laser.cn', company: 'Laser Co.' })).toEqual({});
    expect(validateContact({ ...VALID, message: 'x'.repeat(1001) })).toEqual({ message: 'landing.contact.error.tooLong' });
  });
});

describe('contact request machine', () => {
  it('shows every rule at once without calling the server', () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.submit' });
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual(['message', 'name', 'phone']);
    fill(actor, { name: 'Li' });
    expect(actor.getSnapshot().context.errors.name).toBeUndefined();
    expect(calls).toHaveLength(0);
  });

  it('sends the trimmed fields in the page language and ends in sent; reset clears the form', async () => {
    const { actor, calls } = start();
    fill(actor, { ...VALID, name: '  Li Lei ', company: ' Laser Co. ' });
    actor.send({ type: 'form.submit', lang: 'zh' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(calls).toEqual([{ name: 'Li Lei', phone: '13800138000', email: '', company: 'Laser Co.', message: 'Need a quote for MES', lang: 'zh' }]);
    actor.send({ type: 'form.reset' });
    expect(actor.getSnapshot().context.values.name).toBe('');
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('keeps the text and shows the server refusal', async () => {
    const { actor } = start(async () => ({ kind: 'refused', message: 'Too many requests' }));
    fill(actor, VALID);
    actor.send({ type: 'form.submit' });
    const back = await waitFor(actor, (s) => s.matches('editing') && !!s.context.serverError);
    expect(back.context.serverError).toBe('Too many requests');
    expect(back.context.values).toEqual(VALID);
  });

  it('never calls the server with a form that breaks a rule, whatever the events', () => {
    const event = fc.oneof(
      fc.record({
        type: fc.constant('form.change' as const),
        field: fc.constantFrom('name', 'phone', 'email', 'company', 'message' as const),
        value: fc.oneof(fc.constant(''), fc.constant('  '), fc.constant('13800138000'), fc.constant('a@b.co'), fc.string({ maxLength: 12 })),
      }),
      fc.constant({ type: 'form.submit' as const }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 25 }), (events) => {
        const { actor, calls } = start(() => new Promise(() => {}));
        for (const e of events) actor.send(e as ContactRequestEvent);
        for (const { lang: _lang, ...fields } of calls) expect(validateContact(fields)).toEqual({});
        expect(calls.length).toBeLessThanOrEqual(1);
        actor.stop();
      }),
      FC,
    );
  });
});
