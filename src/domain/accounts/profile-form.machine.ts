import { createFormSubmitMachine, type FormErrors } from '../shared/form-submit.machine';
import { profileProblem, type ProfileProblem } from './profile-rules';

/** The profile form of the user centre (spec 2 section 5), every field a string. */
export interface ProfileValues {
  realName: string;
  mobile: string;
  fullPathId: string;
  fullPathName: string;
  address: string;
  oldPassword: string;
  password: string;
  confirmation: string;
}

export const EMPTY_PROFILE: ProfileValues = { realName: '', mobile: '', fullPathId: '', fullPathName: '', address: '', oldPassword: '', password: '', confirmation: '' };

/** The field each problem is shown under. */
const FIELD_OF: Record<ProfileProblem, keyof ProfileValues> = {
  nameErr: 'realName',
  phoneErr: 'mobile',
  oldErr: 'oldPassword',
  newErr: 'confirmation',
  passwordTooShort: 'password',
};

/** The rules of `profileProblem` (the server's too), as the form's field messages. */
export function profileErrors(values: ProfileValues): FormErrors<ProfileValues, ProfileProblem> {
  const problem = profileProblem({ realName: values.realName, mobile: values.mobile, password: values.password, oldPassword: values.oldPassword, confirmation: values.confirmation });
  return problem ? { [FIELD_OF[problem]]: problem } : {};
}

/** Saving the profile: the rules in the browser, then the `submit` actor (User/Save); the screen fills it from the loaded profile with `form.change`. */
export const profileFormMachine = createFormSubmitMachine({
  id: 'profileForm',
  empty: EMPTY_PROFILE,
  validate: profileErrors,
  toBody: (values: ProfileValues) => values,
});
