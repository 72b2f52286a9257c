import type { SnapshotFrom } from 'xstate';
import type { ContactErrorKey, ContactField, ContactFields, contactRequestMachine } from '../../domain/shared/contact-request.machine';

/** What the contact form shows. */
export interface ContactFormModel {
  fields: ContactFields;
  errors: Partial<Record<ContactField, ContactErrorKey>>;
  busy: boolean;
  sent: boolean;
  serverError: string | null;
}

/** The form before its machine is there (the app's services still loading). */
export const EMPTY_CONTACT_FORM: ContactFormModel = {
  fields: { name: '', phone: '', email: '', company: '', message: '' },
  errors: {},
  busy: false,
  sent: false,
  serverError: null,
};

export function selectContactForm(snapshot: SnapshotFrom<typeof contactRequestMachine>): ContactFormModel {
  return {
    fields: snapshot.context.values,
    errors: snapshot.context.errors,
    busy: snapshot.hasTag('busy'),
    sent: snapshot.matches('submitted'),
    serverError: snapshot.context.serverError,
  };
}
