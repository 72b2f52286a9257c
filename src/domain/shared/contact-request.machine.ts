import { CONTACT_FORM, type ContactField, type ContactFields, type ContactRequest } from './contact-form';
import { createFormSubmitMachine, type FormLanguage, type FormSubmitContext, type FormSubmitEvent } from './form-submit.machine';
import { leadProblems, trimmedValues, type LeadRule } from './lead-rules';

export type { ContactField, ContactFields, ContactRequest } from './contact-form';

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

const REQUIRED_KEY: Partial<Record<ContactField, ContactErrorKey>> = {
  name: 'landing.contact.error.nameRequired',
  phone: 'landing.contact.error.phoneRequired',
  message: 'landing.contact.error.messageRequired',
};

const keyOf = (field: ContactField, rule: LeadRule): ContactErrorKey =>
  rule === 'required' ? REQUIRED_KEY[field]! : (`landing.contact.error.${rule}` as const);

/** Checks every field at once (the lead rules of CONTACT_FORM): one message per field. */
export function validateContact(fields: ContactFields): ContactErrors {
  const errors: ContactErrors = {};
  for (const [field, rule] of Object.entries(leadProblems(CONTACT_FORM, fields)) as [ContactField, LeadRule][]) errors[field] = keyOf(field, rule);
  return errors;
}

/** The request sent: the trimmed fields, and the page's language for the answer. */
export const contactRequestOf = (fields: ContactFields, lang: FormLanguage): ContactRequest => ({ ...trimmedValues(CONTACT_FORM, fields), lang });

export type ContactRequestContext = FormSubmitContext<ContactFields, ContactErrorKey>;

export type ContactRequestEvent = FormSubmitEvent<ContactFields>;

/** The landing contact form: validate, send the request (the `submit` actor), show success (stored as a lead for staff). */
export const contactRequestMachine = createFormSubmitMachine({
  id: 'contactRequest',
  empty: EMPTY,
  validate: validateContact,
  toBody: contactRequestOf,
});
