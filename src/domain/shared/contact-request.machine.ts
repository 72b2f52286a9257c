import { assign, fromPromise, setup } from 'xstate';
import { isEmail, isPhone } from '../accounts/contact-patterns';
import type { Envelope } from './envelope';

/** The landing page's contact form fields. */
export interface ContactFields {
  name: string;
  phone: string;
  email: string;
  company: string;
  message: string;
}

export type ContactField = keyof ContactFields;

/** The body of `api/Home/SaveContact`. */
export interface SaveContactBody {
  Name: string;
  Phone: string;
  Email: string;
  Company: string;
  Message: string;
}

export const CONTACT_LIMITS: Record<ContactField, number> = { name: 50, phone: 30, email: 100, company: 100, message: 1000 };

/** Rule messages; `landing.messages.ts` translates every one. */
export type ContactErrorKey =
  | 'landing.contact.error.nameRequired'
  | 'landing.contact.error.phoneRequired'
  | 'landing.contact.error.phoneFormat'
  | 'landing.contact.error.emailFormat'
  | 'landing.contact.error.messageRequired'
  | 'landing.contact.error.tooLong';

export type ContactErrors = Partial<Record<ContactField, ContactErrorKey>>;

const EMPTY: ContactFields = { name: '', phone: '', email: '', company: '', message: '' };

/** Checks every field at once: name, phone and message are required, e-mail is optional but must be valid. */
export function validateContact(fields: ContactFields): ContactErrors {
  const errors: ContactErrors = {};
  const v = (field: ContactField) => fields[field].trim();
  for (const field of Object.keys(CONTACT_LIMITS) as ContactField[]) {
    if (v(field).length > CONTACT_LIMITS[field]) errors[field] = 'landing.contact.error.tooLong';
  }
  if (!v('name')) errors.name = 'landing.contact.error.nameRequired';
  if (!v('phone')) errors.phone = 'landing.contact.error.phoneRequired';
  else if (!errors.phone && !isPhone(v('phone'))) errors.phone = 'landing.contact.error.phoneFormat';
  if (v('email') && !errors.email && !isEmail(v('email'))) errors.email = 'landing.contact.error.emailFormat';
  if (!v('message')) errors.message = 'landing.contact.error.messageRequired';
  return errors;
}

/** The trimmed wire body. */
export function contactBody(fields: ContactFields): SaveContactBody {
  return {
    Name: fields.name.trim(),
    Phone: fields.phone.trim(),
    Email: fields.email.trim(),
    Company: fields.company.trim(),
    Message: fields.message.trim(),
  };
}

export interface ContactRequestContext {
  fields: ContactFields;
  errors: ContactErrors;
  /** After a first submit the rules are re-checked on every change. */
  attempted: boolean;
  /** The server's info when it refused. */
  serverError: string | null;
}

export type ContactRequestEvent =
  | { type: 'form.change'; field: ContactField; value: string }
  | { type: 'form.submit' }
  | { type: 'form.reset' };

/** The landing contact form: validate, call SaveContact, show success (stored as a lead for staff). */
export const contactRequestMachine = setup({
  types: {
    context: {} as ContactRequestContext,
    events: {} as ContactRequestEvent,
  },
  actors: {
    saveContact: fromPromise<Envelope<unknown>, SaveContactBody>(async () => {
      throw new Error('saveContact actor not provided');
    }),
  },
  guards: {
    isFormInvalid: ({ context }) => Object.keys(validateContact(context.fields)).length > 0,
    isAccepted: (_, params: { answer: Envelope<unknown> }) => params.answer.code === 200,
  },
  actions: {
    assignField: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      const fields = { ...context.fields, [event.field]: event.value };
      return { fields, errors: context.attempted ? validateContact(fields) : context.errors, serverError: null };
    }),
    assignErrors: assign(({ context }) => ({ attempted: true, errors: validateContact(context.fields) })),
    clearErrors: assign({ errors: {}, serverError: null }),
    assignServerError: assign((_, params: { info: string }) => ({ serverError: params.info || null })),
    resetForm: assign({ fields: EMPTY, errors: {}, attempted: false, serverError: null }),
  },
}).createMachine({
  id: 'contactRequest',
  context: { fields: EMPTY, errors: {}, attempted: false, serverError: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.change': { actions: 'assignField' },
        'form.submit': [
          { guard: 'isFormInvalid', actions: 'assignErrors' },
          { target: 'submitting', actions: 'clearErrors' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'saveContact',
        input: ({ context }) => contactBody(context.fields),
        onDone: [
          { guard: { type: 'isAccepted', params: ({ event }) => ({ answer: event.output }) }, target: 'sent' },
          {
            target: 'editing',
            actions: { type: 'assignServerError', params: ({ event }) => ({ info: event.output.info }) },
          },
        ],
        // No envelope: the HTTP adapter already showed the network or timeout dialog; the text stays.
        onError: { target: 'editing' },
      },
    },
    sent: {
      on: { 'form.reset': { target: 'editing', actions: 'resetForm' } },
    },
  },
});
