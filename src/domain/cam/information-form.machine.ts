import { createFormSubmitMachine, type FormSubmitContext, type FormSubmitEvent } from '../shared/form-submit.machine';
import { leadProblems, trimmedValues, type LeadRule } from '../shared/lead-rules';
import { CAM_CUSTOMER_FORM, type CamCustomer, type InformationField } from './cam-customer-form';

export { INFORMATION_FIELDS, type CamCustomer, type InformationField } from './cam-customer-form';

export type InformationValues = CamCustomer;

/** Message keys of the rules; `software.messages.ts` translates each one. */
export type InformationErrorKey =
  | 'software.information.error.userNameRequired'
  | 'software.information.error.phoneRequired'
  | 'software.information.error.emailRequired'
  | 'software.information.error.companyNameRequired'
  | 'software.information.error.addressRequired'
  | 'software.information.error.emailFormat'
  | 'software.information.error.phoneFormat'
  | 'software.information.error.tooLong';

export type InformationErrors = Partial<Record<InformationField, InformationErrorKey>>;

const keyOf = (field: InformationField, rule: LeadRule): InformationErrorKey =>
  rule === 'required' ? `software.information.error.${field}Required` : `software.information.error.${rule}`;

/** Spec 1 section 5 (the lead rules of CAM_CUSTOMER_FORM): every field required, then the e-mail and phone formats. One message per field. */
export function validateInformation(values: InformationValues): InformationErrors {
  const errors: InformationErrors = {};
  for (const [field, rule] of Object.entries(leadProblems(CAM_CUSTOMER_FORM, values)) as [InformationField, LeadRule][]) errors[field] = keyOf(field, rule);
  return errors;
}

/** The trimmed values: the CAM customer the portal keeps. */
export const informationPayload = (values: InformationValues): CamCustomer => trimmedValues(CAM_CUSTOMER_FORM, values);

export type InformationContext = FormSubmitContext<InformationValues, InformationErrorKey>;

export type InformationEvent = FormSubmitEvent<InformationValues>;

const EMPTY: InformationValues = { userName: '', phone: '', email: '', companyName: '', address: '' };

/** CAM customer information form: checks the fields in the browser, then saves the customer (the `submit` actor). */
export const informationFormMachine = createFormSubmitMachine({
  id: 'informationForm',
  empty: EMPTY,
  validate: validateInformation,
  toBody: informationPayload,
});
