import type { LeadForm, LeadRule } from './lead-rules';

/** The landing page's contact form fields (spec 1 section 2). */
export interface ContactFields {
  name: string;
  phone: string;
  email: string;
  company: string;
  message: string;
}

export type ContactField = keyof ContactFields;

/** Name, phone and message required; the e-mail checked when given; the company optional. Browser and server check this table. */
export const CONTACT_FORM: LeadForm<ContactField> = {
  name: { required: true, maxLength: 50 },
  phone: { required: true, maxLength: 30, format: 'phone' },
  email: { required: false, maxLength: 100, format: 'email' },
  company: { required: false, maxLength: 100 },
  message: { required: true, maxLength: 1000 },
};

/** The order in which the server names the first problem: the phone's format before the e-mail's. */
export const CONTACT_ANSWER_ORDER: readonly LeadRule[] = ['required', 'tooLong', 'phoneFormat', 'emailFormat'];

/** A contact request as the portal takes it: the trimmed fields, and the language the answer's words are in. */
export interface ContactRequest extends ContactFields {
  lang: 'zh' | 'en';
}
