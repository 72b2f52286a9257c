import { isEmail, isPhone } from '../shared/contact-patterns';
import { createFormSubmitMachine, type FormSubmitContext, type FormSubmitEvent } from '../shared/form-submit.machine';

/** The fields of the CAM customer information form (spec 1 section 2). */
export const INFORMATION_FIELDS = ['userName', 'phone', 'email', 'companyName', 'address'] as const;
export type InformationField = (typeof INFORMATION_FIELDS)[number];

export type InformationValues = Record<InformationField, string>;

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

/** The `api/Cam/SaveCamCustomer` body. */
export interface CamCustomerPayload {
  UserName: string;
  Phone: string;
  Email: string;
  CompanyName: string;
  Address: string;
}

/** Longest value a field takes (the server checks the same). */
export const INFORMATION_MAX_LENGTH: Record<InformationField, number> = {
  userName: 50,
  phone: 30,
  email: 100,
  companyName: 100,
  address: 200,
};

const REQUIRED_KEY: Record<InformationField, InformationErrorKey> = {
  userName: 'software.information.error.userNameRequired',
  phone: 'software.information.error.phoneRequired',
  email: 'software.information.error.emailRequired',
  companyName: 'software.information.error.companyNameRequired',
  address: 'software.information.error.addressRequired',
};

/** Spec 1 section 5: every field required, then the e-mail and phone formats. One message per field. */
export function validateInformation(values: InformationValues): InformationErrors {
  const errors: InformationErrors = {};
  for (const field of INFORMATION_FIELDS) {
    const value = values[field].trim();
    if (value === '') errors[field] = REQUIRED_KEY[field];
    else if (value.length > INFORMATION_MAX_LENGTH[field]) errors[field] = 'software.information.error.tooLong';
  }
  if (!errors.email && !isEmail(values.email.trim())) errors.email = 'software.information.error.emailFormat';
  if (!errors.phone && !isPhone(values.phone.trim())) errors.phone = 'software.information.error.phoneFormat';
  return errors;
}

export const hasErrors = (errors: InformationErrors): boolean => Object.keys(errors).length > 0;

/** The trimmed request body. */
export function informationPayload(values: InformationValues): CamCustomerPayload {
  return {
    UserName: values.userName.trim(),
    Phone: values.phone.trim(),
    Email: values.email.trim(),
    CompanyName: values.companyName.trim(),
    Address: values.address.trim(),
  };
}

export type InformationContext = FormSubmitContext<InformationValues, InformationErrorKey>;

export type InformationEvent = FormSubmitEvent<InformationValues>;

const EMPTY: InformationValues = { userName: '', phone: '', email: '', companyName: '', address: '' };

/** CAM customer information form: checks the fields in the browser, then SaveCamCustomer (the `submit` actor). */
export const informationFormMachine = createFormSubmitMachine({
  id: 'informationForm',
  empty: EMPTY,
  validate: validateInformation,
  toBody: informationPayload,
});
