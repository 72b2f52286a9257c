import type { LeadForm, LeadRule } from '../shared/lead-rules';

/** The fields of the CAM customer information form (spec 1 section 2), in the order they are shown and checked. */
export const INFORMATION_FIELDS = ['userName', 'phone', 'email', 'companyName', 'address'] as const;
export type InformationField = (typeof INFORMATION_FIELDS)[number];

/** The information form's values; trimmed, what the portal keeps as a CAM customer lead. */
export type CamCustomer = Record<InformationField, string>;

/** Every field required, then the e-mail and phone formats (spec 1 section 5). Browser and server check this table. */
export const CAM_CUSTOMER_FORM: LeadForm<InformationField> = {
  userName: { required: true, maxLength: 50 },
  phone: { required: true, maxLength: 30, format: 'phone' },
  email: { required: true, maxLength: 100, format: 'email' },
  companyName: { required: true, maxLength: 100 },
  address: { required: true, maxLength: 200 },
};

/** The order in which the server names the first problem: the e-mail's format before the phone's. */
export const CAM_CUSTOMER_ANSWER_ORDER: readonly LeadRule[] = ['required', 'tooLong', 'emailFormat', 'phoneFormat'];
