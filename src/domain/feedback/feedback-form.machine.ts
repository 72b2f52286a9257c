import { createFormSubmitMachine, type FormErrors } from '../shared/form-submit.machine';
import { chinaDayInstant, feedbackContact, feedbackProblem, type FeedbackProblem } from './feedback-rules';

/** A feedback form's values (spec 3 section 3): product as its id, the expected date as YYYY-MM-DD (China day), files by their upload id. */
export interface FeedbackValues {
  product: string;
  version: string;
  title: string;
  html: string;
  userName: string;
  phone: string;
  expected: string;
  mainFile: string;
  mainFileName: string;
  otherFile: string;
  otherFileName: string;
}

export const EMPTY_FEEDBACK: FeedbackValues = {
  product: '',
  version: '',
  title: '',
  html: '',
  userName: '',
  phone: '',
  expected: '',
  mainFile: '',
  mainFileName: '',
  otherFile: '',
  otherFileName: '',
};

/** The instant a YYYY-MM-DD date names: noon of that day in China (+08:00). */
export const expectedInstant = (day: string): Date | null => chinaDayInstant(day);

const FIELD_OF: Record<FeedbackProblem, keyof FeedbackValues> = {
  productRequired: 'product',
  versionRequired: 'version',
  titleRequired: 'title',
  contentRequired: 'html',
  contactInvalid: 'phone',
  dateFormat: 'expected',
  dateInvalid: 'expected',
};

/** The rules of `feedbackProblem` (the server's too) for one form, against the clock it is given. */
export function feedbackErrors(values: FeedbackValues, now: Date, form: 'cam' | 'user'): FormErrors<FeedbackValues, FeedbackProblem> {
  const problem = feedbackProblem(
    {
      product: values.product === '' ? null : Number(values.product),
      version: values.version,
      title: values.title,
      html: values.html,
      userName: values.userName,
      phone: values.phone,
      expected: expectedInstant(values.expected),
    },
    now,
    form,
  );
  return problem ? { [FIELD_OF[problem]]: problem } : {};
}

/** A feedback form (CAM or user form): the rules in the browser, then the `submit` actor (Cam/ProblemFeedbackSave). */
export const createFeedbackFormMachine = (form: 'cam' | 'user', now: () => Date = () => new Date()) =>
  createFormSubmitMachine({
    id: `${form}Feedback`,
    empty: EMPTY_FEEDBACK,
    validate: (values: FeedbackValues) => feedbackErrors(values, now(), form),
    // The contact goes in its normal form (the one the server keeps): "+86 138 0000 0000" as "+8613800000000".
    toBody: (values: FeedbackValues) => ({ ...values, phone: feedbackContact(values.phone) ?? values.phone }),
  });
