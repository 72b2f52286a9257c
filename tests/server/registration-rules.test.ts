import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { loginBody } from '../../src/adapters/ky/ky-accounts-api.adapter';
import { areaCascadeMachine, type AreaOption } from '../../src/domain/accounts/area-cascade.machine';
import { camBindingMachine } from '../../src/domain/accounts/cam-binding.machine';
import { loginMachine, type LoginAnswer } from '../../src/domain/accounts/login.machine';
import { passwordResetMachine, type PasswordResetField, type ResetAnswer } from '../../src/domain/accounts/password-reset.machine';
import {
  registrationMachine,
  registrationPayload,
  type EmailLookup,
  type RegistrationField,
  type SaveAnswer,
} from '../../src/domain/accounts/registration.machine';
import type { CodeAnswer, FormMessage, RegistrationMode } from '../../src/domain/accounts/validation';
import { accountsMessages } from '../../src/ui/accounts/accounts.messages';
import { createTestPortal, type TestPortal } from '../support/test-portal';

/**
 * Each accounts rule is one function (domain/accounts/account-rules.ts) that the browser shows and
 * the server enforces. Every row runs one input through both: what the browser's machine says (in
 * English, as the page shows it) and what the server answers (its info). `sent` means the browser
 * lets the form go; `not offered` that its submit is disabled.
 */

let portal: TestPortal;
beforeAll(async () => {
  // Many refused calls from one address: lift the per-IP limits, they are not under test here.
  portal = await createTestPortal({ RATE_LIMIT_SCALE: '20' });
});
afterAll(() => portal.close());

const SENT: CodeAnswer = { kind: 'sent', waitSeconds: 60 };
const shown = (message: FormMessage | null): string | null =>
  message === null ? null : 'key' in message ? accountsMessages.en[message.key] : message.text;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The registration page: the contact, a code asked for it, the other fields, then submit. */
async function browserRegistration(mode: RegistrationMode, form: Partial<Record<RegistrationField, string>>) {
  let sent = false;
  const actor = createActor(
    registrationMachine.provide({
      actors: {
        areaCascade: areaCascadeMachine.provide({ actors: { loadAreas: fromPromise(async (): Promise<AreaOption[]> => []) } }),
        requestCode: fromPromise(async (): Promise<CodeAnswer> => SENT),
        checkEmail: fromPromise(async (): Promise<EmailLookup> => ({ kind: 'free' })),
        save: fromPromise(async (): Promise<SaveAnswer> => ((sent = true), { kind: 'saved' })),
      },
    }),
    { input: { language: 'en', mode } },
  ).start();
  const { contact = '', ...rest } = form;
  actor.send({ type: 'form.change', field: 'contact', value: contact });
  actor.send({ type: 'code.request' });
  await tick();
  for (const [field, value] of Object.entries(rest)) actor.send({ type: 'form.change', field: field as RegistrationField, value });
  const payload = registrationPayload(actor.getSnapshot().context, []);
  actor.send({ type: 'form.submit' });
  await tick();
  const said = shown(actor.getSnapshot().context.error);
  actor.stop();
  return { browser: sent ? 'sent' : said, payload };
}

const valid = { password: 'longenough', confirmation: 'longenough', address: 'No. 1 Laser Road', code: '123456' };

describe('registration rules 1 to 6: the browser and the server (SaveUser) agree', () => {
  const rows: Array<{ rule: string; mode: RegistrationMode; form: Partial<Record<RegistrationField, string>>; browser: string; server: string }> = [
    { rule: '1 e-mail required', mode: 'email', form: { ...valid, contact: '' }, browser: 'Email cannot be empty', server: 'Email or phone cannot be empty' },
    { rule: '1 phone required', mode: 'phone', form: { ...valid, contact: ' ' }, browser: 'Phone cannot be empty', server: 'Email or phone cannot be empty' },
    { rule: '2 password required', mode: 'email', form: { ...valid, contact: 'r2@example.com', password: '', confirmation: '' }, browser: 'Password cannot be empty', server: 'Password cannot be empty' },
    {
      rule: '2 password length (DECISIONS 2)',
      mode: 'email',
      form: { ...valid, contact: 'r2b@example.com', password: 'short', confirmation: 'short' },
      browser: 'The password must be at least 8 characters long',
      server: 'The password must have at least 8 characters',
    },
    { rule: '3 address required', mode: 'email', form: { ...valid, contact: 'r3@example.com', address: ' ' }, browser: 'Address cannot be empty', server: 'Address cannot be empty' },
    { rule: '4 e-mail format', mode: 'email', form: { ...valid, contact: 'owner@laser' }, browser: 'Please enter the correct email format', server: 'Please enter the correct email format' },
    { rule: '5 phone format', mode: 'phone', form: { ...valid, contact: 'abc' }, browser: 'Please enter the correct phone format', server: 'Please enter the correct phone format' },
    { rule: 'order: the address before the format', mode: 'email', form: { ...valid, contact: 'bad', address: '' }, browser: 'Address cannot be empty', server: 'Address cannot be empty' },
    {
      rule: 'order: the length before the address',
      mode: 'phone',
      form: { ...valid, contact: '13700137000', password: 'short', confirmation: 'short', address: '' },
      browser: 'The password must be at least 8 characters long',
      server: 'The password must have at least 8 characters',
    },
    // Past the rules: the browser sends, the server goes on to the code (none was mailed by it here).
    { rule: 'all pass (e-mail)', mode: 'email', form: { ...valid, contact: 'fine@example.com' }, browser: 'sent', server: 'Please obtain the verification code again' },
    { rule: 'all pass (phone)', mode: 'phone', form: { ...valid, contact: '13600136000' }, browser: 'sent', server: 'Please obtain the verification code again' },
  ];

  it.each(rows)('$rule', async ({ mode, form, browser, server }) => {
    const said = await browserRegistration(mode, form);
    expect(said.browser).toBe(browser);
    const answer = await portal.call('User/SaveUser', said.payload);
    expect(answer.body.info).toBe(server);
    // Manual review (no code) checks the same rules.
    const { EmailCode: _e, MobileCode: _m, ...withoutCode } = said.payload;
    if (browser !== 'sent') expect((await portal.call('User/SaveEmailErrorUser', withoutCode)).body.info).toBe(server);
  });

  it('rule 6: the browser compares the confirmation (the payload carries none)', async () => {
    const said = await browserRegistration('email', { ...valid, contact: 'r6@example.com', confirmation: 'different1' });
    expect(said.browser).toBe('The passwords entered twice are inconsistent');
    expect(said.payload).not.toHaveProperty('ConfirmPassword');
  });
});

describe('a code request needs the contact filled and well formed: the browser and the server (RegisterEmlie, RegisterMobile) agree', () => {
  const rows: Array<{ mode: RegistrationMode; contact: string; browser: string; server: string }> = [
    { mode: 'email', contact: '', browser: 'Email cannot be empty', server: 'Email cannot be empty' },
    { mode: 'email', contact: 'owner@laser', browser: 'Please enter the correct email format', server: 'Please enter the correct email format' },
    { mode: 'email', contact: 'code1@example.com', browser: 'sent', server: 'The verification code has been sent' },
    { mode: 'phone', contact: ' ', browser: 'Phone cannot be empty', server: 'Phone cannot be empty' },
    { mode: 'phone', contact: 'abc', browser: 'Please enter the correct phone format', server: 'Please enter the correct phone format' },
    { mode: 'phone', contact: '13500135000', browser: 'sent', server: 'The verification code has been sent' },
  ];

  it.each(rows)('$mode $contact', async ({ mode, contact, browser, server }) => {
    let asked = false;
    const actor = createActor(
      registrationMachine.provide({
        actors: {
          areaCascade: areaCascadeMachine.provide({ actors: { loadAreas: fromPromise(async (): Promise<AreaOption[]> => []) } }),
          requestCode: fromPromise(async (): Promise<CodeAnswer> => ((asked = true), SENT)),
        },
      }),
      { input: { language: 'en', mode } },
    ).start();
    actor.send({ type: 'form.change', field: 'contact', value: contact });
    actor.send({ type: 'code.request' });
    await tick();
    expect(asked ? 'sent' : shown(actor.getSnapshot().context.error)).toBe(browser);
    actor.stop();
    const answer = mode === 'email' ? await portal.call('User/RegisterEmlie', { Email: contact }) : await portal.call('User/RegisterMobile', { Mobile: contact });
    expect(answer.body.info).toBe(server);
  });

  it('the CAM e-mail: the browser asks for a well-formed one, the server (AllowSave) refuses anything else', async () => {
    for (const [email, browser] of [
      ['', 'Email cannot be empty'],
      ['li@laser', 'Please enter the correct email format'],
    ] as const) {
      const actor = createActor(camBindingMachine, { input: { account: '13800138000', password: 'longenough', email } }).start();
      actor.send({ type: 'cam.requestCode' });
      expect(shown(actor.getSnapshot().context.error)).toBe(browser);
      actor.stop();
      const answer = await portal.call('User/AllowSave', { Account: '13800138000', Email: email, Password: 'longenough', EmailCode: '123456' });
      expect(answer.body.info).toBe('Please enter the correct email format');
    }
  });
});

describe('login rules: the browser and the server (UserLogin) agree', () => {
  const rows = [
    { account: '', password: 'demo1234', said: 'Account cannot be empty' },
    { account: '  ', password: 'demo1234', said: 'Account cannot be empty' },
    { account: 'demo@example.com', password: '', said: 'Password cannot be empty' },
  ];

  it.each(rows)('$account / $password', async ({ account, password, said }) => {
    let sent = false;
    const actor = createActor(loginMachine.provide({ actors: { login: fromPromise(async (): Promise<LoginAnswer> => ((sent = true), { kind: 'refused', message: '' })) } })).start();
    actor.send({ type: 'form.change', field: 'account', value: account });
    actor.send({ type: 'form.change', field: 'password', value: password });
    actor.send({ type: 'form.submit' });
    await tick();
    expect(sent).toBe(false);
    expect(shown(actor.getSnapshot().context.error)).toBe(said);
    expect((await portal.call('Login/UserLogin', loginBody({ account, password }))).body.info).toBe(said);
  });

  it('a filled form is sent, and the server judges the password', async () => {
    let sent = false;
    const actor = createActor(loginMachine.provide({ actors: { login: fromPromise(async (): Promise<LoginAnswer> => ((sent = true), { kind: 'refused', message: '' })) } })).start();
    actor.send({ type: 'form.change', field: 'account', value: 'demo@example.com' });
    actor.send({ type: 'form.change', field: 'password', value: 'not-the-one' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('failure'));
    expect(sent).toBe(true);
    expect((await portal.call('Login/UserLogin', loginBody({ account: 'demo@example.com', password: 'not-the-one' }))).body.info).toBe('Incorrect account or password');
  });
});

describe('password reset rules: the browser and the server (PasswordReset) agree', () => {
  const filled = { account: 'demo@example.com', code: '123456', password: 'new-demo-pass', confirmation: 'new-demo-pass' };
  const rows: Array<{ rule: string; form: Record<PasswordResetField, string>; browser: string; server: string }> = [
    { rule: 'account required', form: { ...filled, account: '' }, browser: 'not offered', server: 'Account cannot be empty' },
    { rule: 'code required', form: { ...filled, code: ' ' }, browser: 'not offered', server: 'Please obtain the verification code again' },
    { rule: 'password required', form: { ...filled, password: '', confirmation: '' }, browser: 'Password cannot be empty', server: 'Password cannot be empty' },
    {
      rule: 'password length',
      form: { ...filled, password: 'short', confirmation: 'short' },
      browser: 'The password must be at least 8 characters long',
      server: 'The password must have at least 8 characters',
    },
    // The wire has no words of its own for an empty confirmation: it differs from the password.
    { rule: 'confirmation required', form: { ...filled, confirmation: '' }, browser: 'Please enter the password again', server: 'The passwords entered twice are inconsistent' },
    { rule: 'confirmation equal', form: { ...filled, confirmation: 'new-demo-pasS' }, browser: 'The passwords entered twice are inconsistent', server: 'The passwords entered twice are inconsistent' },
    {
      rule: 'order: the length before the confirmation',
      form: { ...filled, password: 'short', confirmation: 'other' },
      browser: 'The password must be at least 8 characters long',
      server: 'The password must have at least 8 characters',
    },
    // Past the rules: the browser sends, the server checks the code (it mailed none here).
    { rule: 'all pass', form: filled, browser: 'sent', server: 'Please obtain the verification code again' },
  ];

  it.each(rows)('$rule', async ({ form, browser, server }) => {
    let sent = false;
    const actor = createActor(
      passwordResetMachine.provide({
        actors: {
          requestCode: fromPromise(async (): Promise<CodeAnswer> => SENT),
          resetPassword: fromPromise(async (): Promise<ResetAnswer> => ((sent = true), { kind: 'reset' })),
        },
      }),
    ).start();
    actor.send({ type: 'form.change', field: 'account', value: form.account });
    actor.send({ type: 'code.request' });
    await tick();
    for (const field of ['code', 'password', 'confirmation'] as const) actor.send({ type: 'form.change', field, value: form[field] });
    const offered = actor.getSnapshot().can({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    await tick();
    expect(!offered ? 'not offered' : sent ? 'sent' : shown(actor.getSnapshot().context.error)).toBe(browser);
    actor.stop();
    const body = { Account: form.account, Code: form.code, Password: form.password, ConfirmPassword: form.confirmation };
    expect((await portal.call('User/PasswordReset', body)).body.info).toBe(server);
  });
});
