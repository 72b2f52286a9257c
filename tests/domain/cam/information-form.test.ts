import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  INFORMATION_FIELDS,
  informationFormMachine,
  validateInformation,
  type CamCustomer,
  type InformationEvent,
} from '../../../src/domain/cam/information-form.machine';
import { isEmail, isPhone } from '../../../src/domain/shared/contact-patterns';
import type { SubmitAnswer } from '../../../src/domain/shared/form-submit.machine';

const FC = { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20250101) };

const GOOD = { userName: 'Li Lei', phone: '13800138000', email: 'li@laser.cn', companyName: 'Laser Works', address: 'No. 1 Road, Jinan' };

function start(answer: SubmitAnswer = { kind: 'accepted' }) {
  const calls: CamCustomer[] = [];
  const actor = createActor(
    informationFormMachine.provide({
      actors: {
        submit: fromPromise<SubmitAnswer, CamCustomer>(async ({ input }) => {
          calls.push(input);
          return answer;
        }),
      },
    }),
  );
  actor.start();
  return { actor, calls };
}

const fill = (actor: ReturnType<typeof start>['actor'], values: Partial<typeof GOOD>) => {
  for (const [field, value] of Object.entries(values)) actor.send({ type: 'form.change', field: field as keyof typeof GOOD, value });
};

describe('information form rules', () => {
  it('asks for every field when all are empty', () => {
    expect(validateInformation({ userName: '', phone: ' ', email: '', companyName: '', address: '' })).toEqual({
      userName: 'software.information.error.userNameRequired',
      phone: 'software.information.error.phoneRequired',
      email: 'software.information.error.emailRequired',
      companyName: 'software.information.error.companyNameRequired',
      address: 'software.information.error.addressRequired',
    });
  });

  it('checks the e-mail and phone formats', () => {
    expect(validateInformation({ ...GOOD, email: 'li@laser', phone: 'call me' })).toEqual({
      email: 'software.information.error.emailFormat',
      phone: 'software.information.error.phoneFormat',
    });
    expect(validateInformation(GOOD)).toEqual({});
  });
});

describe('information form machine', () => {
  it('shows the errors and does not call the server, then errors follow the typing', () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(Object.keys(actor.getSnapshot().context.errors)).toHaveLength(5);
    actor.send({ type: 'form.change', field: 'userName', value: 'Li' });
    expect(actor.getSnapshot().context.errors.userName).toBeUndefined();
    expect(calls).toHaveLength(0);
  });

  it('submits the trimmed values and ends in submitted; reset starts over', async () => {
    const { actor, calls } = start();
    fill(actor, { ...GOOD, userName: '  Li Lei ' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(calls).toEqual([{ userName: 'Li Lei', phone: '13800138000', email: 'li@laser.cn', companyName: 'Laser Works', address: 'No. 1 Road, Jinan' }]);
    actor.send({ type: 'form.reset' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.values.userName).toBe('');
  });

  it('keeps the form and shows the server refusal', async () => {
    const { actor } = start({ kind: 'refused', message: 'Email format is wrong' });
    fill(actor, GOOD);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.serverError !== '');
    expect(actor.getSnapshot().context.serverError).toBe('Email format is wrong');
    expect(actor.getSnapshot().context.values.email).toBe('li@laser.cn');
  });

  const field = fc.constantFrom(...INFORMATION_FIELDS);
  const value = fc.oneof(
    fc.constant(''),
    fc.constant('   '),
    fc.string({ maxLength: 12 }),
    fc.constantFrom('li@laser.cn', 'a@b', '13800138000', '+86 (531) 8888-1234', 'x'),
  );
  const event: fc.Arbitrary<InformationEvent> = fc.oneof(
    fc.record({ type: fc.constant('form.change' as const), field, value }),
    fc.constant({ type: 'form.submit' as const }),
    fc.constant({ type: 'form.reset' as const }),
  );

  it('never submits with an empty or malformed field (property)', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const { actor, calls } = start();
        for (const e of events) actor.send(e);
        for (const body of calls) {
          for (const v of Object.values(body)) expect(v.trim()).not.toBe('');
          expect(isEmail(body.email)).toBe(true);
          expect(isPhone(body.phone)).toBe(true);
        }
        // A submit is only ever sent from a form the rules accept.
        const snapshot = actor.getSnapshot();
        if (snapshot.matches('submitting')) expect(validateInformation(snapshot.context.values)).toEqual({});
        actor.stop();
      }),
      FC,
    );
  });
});
