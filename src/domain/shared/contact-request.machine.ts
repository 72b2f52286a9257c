import { isEmail, isPhone } from './contact-patterns';
import { createFormSubmitMachine, type FormSubmitContext, type FormSubmitEvent } from './form-submit.machine';

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

export type ContactRequestContext = FormSubmitContext<ContactFields, ContactErrorKey>;

export type ContactRequestEvent = FormSubmitEvent<ContactFields>;

/** The landing contact form: validate, call SaveContact (the `submit` actor), show success (stored as a lead for staff). */
export const contactRequestMachine = createFormSubmitMachine({
  id: 'contactRequest',
  empty: EMPTY,
  validate: validateContact,
  toBody: contactBody,
});
