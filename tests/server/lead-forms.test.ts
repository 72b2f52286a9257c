import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import * as Cam from '../../src/contract/cam';
import { infoOf, type CallContract } from '../../src/contract/call';
import * as Home from '../../src/contract/home';
import { CAM_CUSTOMER_ANSWER_ORDER, CAM_CUSTOMER_FORM, type CamCustomer } from '../../src/domain/cam/cam-customer-form';
import { informationFormMachine } from '../../src/domain/cam/information-form.machine';
import { CONTACT_ANSWER_ORDER, CONTACT_FORM, type ContactFields, type ContactRequest } from '../../src/domain/shared/contact-form';
import { contactRequestMachine } from '../../src/domain/shared/contact-request.machine';
import type { SubmitAnswer } from '../../src/domain/shared/form-submit.machine';
import type { LeadRule } from '../../src/domain/shared/lead-rules';
import { createTestPortal, type TestPortal } from '../support/test-portal';

/**
 * The lead rules, browser and server alike: each case is typed into the browser's form machine and
 * sent to the portal. The form sends exactly what the server takes; what it refuses, the server
 * refuses too, naming the first of the problems the form shows (in the server's order).
 */

const FC = { numRuns: 40, seed: Number(process.env.FC_SEED ?? 20250101) };

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal.close());

// Each call from an address of its own: the forms are limited to 10 per address in 10 minutes.
let calls = 0;
async function send(path: string, body: Record<string, string>) {
  calls += 1;
  const res = await portal.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    remoteAddress: `10.77.${calls >> 8}.${calls & 255}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return res.json() as { code: number; info: string };
}

/** What the browser's form shows for the values: its message per field, and whether it sent them. */
function browserShows<V extends Record<string, string>>(machine: typeof contactRequestMachine | typeof informationFormMachine, values: V) {
  let sent = false;
  const actor = createActor(
    (machine as typeof contactRequestMachine).provide({
      actors: {
        submit: fromPromise<SubmitAnswer, ContactRequest>(async () => {
          sent = true;
          return { kind: 'accepted' };
        }),
      },
    }),
  );
  actor.start();
  for (const [field, value] of Object.entries(values)) actor.send({ type: 'form.change', field: field as keyof ContactFields, value });
  actor.send({ type: 'form.submit' });
  const errors = actor.getSnapshot().context.errors as Record<string, string>;
  actor.stop();
  return { sent, errors };
}

/** The rule a message key of the form stands for (`...nameRequired` is "required"). */
const ruleOfKey = (key: string): LeadRule => {
  const last = key.split('.').at(-1)!;
  return last.endsWith('Required') ? 'required' : (last as LeadRule);
};

/** The server's words for the first of the browser's problems, by the server's order. */
function expectedRefusal(call: CallContract, errors: Record<string, string>, order: readonly LeadRule[], fields: readonly string[], max: Record<string, number>, lang: 'zh' | 'en') {
  for (const rule of order) {
    const field = fields.find((f) => errors[f] !== undefined && ruleOfKey(errors[f]) === rule);
    if (field) return infoOf(call.refusals[rule].info, { field, max: max[field], lang });
  }
  throw new Error(`no problem among ${JSON.stringify(errors)}`);
}

async function sameAnswer<V extends Record<string, string>>(
  form: { machine: typeof contactRequestMachine | typeof informationFormMachine; call: CallContract; order: readonly LeadRule[]; max: Record<string, number>; wire: (v: V) => Record<string, string> },
  values: V,
  lang: 'zh' | 'en',
) {
  const browser = browserShows(form.machine, values);
  const server = await send(form.call.path, { ...form.wire(values), lang });
  const label = JSON.stringify({ values, browser: browser.errors, server });
  expect(browser.sent, label).toBe(Object.keys(browser.errors).length === 0);
  if (browser.sent) {
    expect(server.code, label).toBe(200);
    return;
  }
  expect(server.code, label).toBe(400);
  expect(server.info, label).toBe(expectedRefusal(form.call, browser.errors, form.order, Object.keys(form.max), form.max, lang));
}

const maxOf = (form: Record<string, { maxLength: number }>) => Object.fromEntries(Object.entries(form).map(([f, r]) => [f, r.maxLength]));

const CONTACT = {
  machine: contactRequestMachine,
  call: Home.SaveContact,
  order: CONTACT_ANSWER_ORDER,
  max: maxOf(CONTACT_FORM),
  wire: (v: ContactFields) => ({ Name: v.name, Phone: v.phone, Email: v.email, Company: v.company, Message: v.message }),
};

const CUSTOMER = {
  machine: informationFormMachine,
  call: Cam.SaveCamCustomer,
  order: CAM_CUSTOMER_ANSWER_ORDER,
  max: maxOf(CAM_CUSTOMER_FORM),
  wire: (v: CamCustomer) => ({ UserName: v.userName, Phone: v.phone, Email: v.email, CompanyName: v.companyName, Address: v.address }),
};

const x = (n: number) => 'x'.repeat(n);
const PHONES = ['13800138000', '+86 (531) 88886666', '0531-8888', 'abc', '12', ' 13800138000 ', x(31), `1${'3'.repeat(30)}`];
const EMAILS = ['li@laser.cn', ' li@laser.cn ', 'li@', 'a@b', `${x(94)}@la.cn`, `${x(95)}@la.cn`];
const TEXTS = ['', '   ', 'Li Lei', '王芳', x(50), x(51), x(100), x(101), x(200), x(201), x(1000), x(1001)];

const CONTACT_GOOD: ContactFields = { name: 'Li Lei', phone: '13800138000', email: '', company: '', message: 'Quote for MES' };
const CUSTOMER_GOOD: CamCustomer = { userName: 'Wang Fang', phone: '13800138000', email: 'wang@example.com', companyName: 'Jinan Sheet Metal', address: '88 Road, Jinan' };

describe('the lead rules: the browser shows what the server answers', () => {
  it('the landing contact form, case by case', async () => {
    const cases: Array<Partial<ContactFields>> = [
      {},
      { name: '', phone: '', message: '' },
      { name: '  ' },
      { phone: 'abc', email: 'nope' },
      { email: 'li@laser.cn', company: 'Laser Co.' },
      { name: x(51), phone: 'abc' },
      { message: x(1001), email: 'li@' },
      { company: x(101) },
      { phone: x(31), email: `${x(95)}@la.cn` },
      { name: ' Li Lei ', message: ' Hello ' },
    ];
    for (const extra of cases) await sameAnswer(CONTACT, { ...CONTACT_GOOD, ...extra }, 'en');
    await sameAnswer(CONTACT, { ...CONTACT_GOOD, name: '', email: 'nope' }, 'zh');
    await sameAnswer(CONTACT, { ...CONTACT_GOOD, message: x(1001) }, 'zh');
  });

  it('the CAM customer information form, case by case', async () => {
    const cases: Array<Partial<CamCustomer>> = [
      {},
      { userName: '', phone: '', email: '', companyName: '', address: '' },
      { email: 'not-an-email', phone: 'call me' },
      { userName: x(51) },
      { address: x(201), email: 'li@' },
      { phone: x(31), companyName: '' },
      { email: ` ${CUSTOMER_GOOD.email} ` },
    ];
    for (const extra of cases) await sameAnswer(CUSTOMER, { ...CUSTOMER_GOOD, ...extra }, 'en');
    await sameAnswer(CUSTOMER, { ...CUSTOMER_GOOD, email: 'x', phone: 'y' }, 'zh');
  });

  it('the landing contact form, for any values (property)', async () => {
    const values = fc.record<ContactFields>({
      name: fc.constantFrom(...TEXTS),
      phone: fc.constantFrom(...PHONES, ''),
      email: fc.constantFrom(...EMAILS, ''),
      company: fc.constantFrom(...TEXTS),
      message: fc.constantFrom(...TEXTS),
    });
    await fc.assert(fc.asyncProperty(values, fc.constantFrom('zh' as const, 'en' as const), (v, lang) => sameAnswer(CONTACT, v, lang)), FC);
  });

  it('the CAM customer information form, for any values (property)', async () => {
    // The body schema refuses a value over 1000 characters before any rule names it; the form
    // never sends one (its own limits are lower), so the rules are compared below that length.
    const texts = TEXTS.filter((t) => t.length <= 1000);
    const values = fc.record<CamCustomer>({
      userName: fc.constantFrom(...texts),
      phone: fc.constantFrom(...PHONES, ''),
      email: fc.constantFrom(...EMAILS, ''),
      companyName: fc.constantFrom(...texts),
      address: fc.constantFrom(...texts),
    });
    await fc.assert(fc.asyncProperty(values, fc.constantFrom('zh' as const, 'en' as const), (v, lang) => sameAnswer(CUSTOMER, v, lang)), FC);
  });
});
