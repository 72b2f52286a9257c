import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  contactRequestMachine,
  validateContact,
  type ContactFields,
  type ContactRequestEvent,
  type SaveContactBody,
} from '../../../src/domain/shared/contact-request.machine';
import type { Envelope } from '../../../src/domain/shared/envelope';

const FC = { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20250101) };
const VALID: ContactFields = { name: 'Li Lei', phone: '13800138000', email: '', company: '', message: 'Need a quote for MES' };

function start(answer: (body: SaveContactBody) => Promise<Envelope<unknown>> = async () => ({ code: 200, info: 'ok' })) {
  const calls: SaveContactBody[] = [];
  const actor = createActor(
    contactRequestMachine.provide({
      actors: {
        submit: fromPromise<Envelope<unknown>, SaveContactBody>(async ({ input }) => {
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

  it('sends the trimmed body and ends in sent; reset clears the form', async () => {
    const { actor, calls } = start();
    fill(actor, { ...VALID, name: '  Li Lei ', company: ' Laser Co. ' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(calls).toEqual([{ Name: 'Li Lei', Phone: '13800138000', Email: '', Company: 'Laser Co.', Message: 'Need a quote for MES' }]);
    actor.send({ type: 'form.reset' });
    expect(actor.getSnapshot().context.values.name).toBe('');
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('keeps the text and shows the server refusal', async () => {
    const { actor } = start(async () => ({ code: 429, info: 'Too many requests' }));
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
        for (const body of calls) {
          const fields = { name: body.Name, phone: body.Phone, email: body.Email, company: body.Company, message: body.Message };
          expect(validateContact(fields)).toEqual({});
        }
        expect(calls.length).toBeLessThanOrEqual(1);
        actor.stop();
      }),
      FC,
    );
  });
});
