import { isEmail, isPhone, PASSWORD_MIN_LENGTH } from '../shared/contact-patterns';

/**
 * The accounts rules of spec 1 section 5 that the browser shows and the server enforces, each
 * written once: a rule answers the name of the first problem in the spec's order, the browser
 * turns it into its message (validation.ts) and the server into the contract's refusal (the
 * services). The length rule of DECISIONS 2 sits right after "password required".
 */

const blank = (value: string): boolean => value.trim() === '';

/** Where a code goes, or what an account is made with. */
export type ContactKind = 'email' | 'phone';

export type ContactProblem = 'contactRequired' | 'contactFormat';

/** Which an address typed into one field is: an e-mail when it has an @, else a phone. */
export const contactKindOf = (value: string): ContactKind => (value.includes('@') ? 'email' : 'phone');

/** A contact to send a code to (RegisterEmlie, RegisterMobile, the CAM e-mail): filled, then well formed. */
export function contactProblem(kind: ContactKind, value: string): ContactProblem | null {
  const contact = value.trim();
  if (contact === '') return 'contactRequired';
  return (kind === 'email' ? isEmail(contact) : isPhone(contact)) ? null : 'contactFormat';
}

export type LoginProblem = 'accountRequired' | 'passwordRequired';

/** Login: the account, then the password. */
export function loginProblem(input: { account: string; password: string }): LoginProblem | null {
  if (blank(input.account)) return 'accountRequired';
  if (input.password === '') return 'passwordRequired';
  return null;
}

/** What registration checks of a form: the browser's fields, or the payload the server receives. */
export interface RegistrationEntry {
  /** The e-mail the account is made with; '' on the phone path. */
  email: string;
  /** The phone the account is made with; '' on the e-mail path. */
  mobile: string;
  password: string;
  address: string;
  /** The password typed again; absent where there is none (the registration payload carries none). */
  confirmation?: string;
}

export type RegistrationProblem =
  | 'contactRequired'
  | 'passwordRequired'
  | 'passwordTooShort'
  | 'addressRequired'
  | 'emailFormat'
  | 'phoneFormat'
  | 'passwordMismatch';

/**
 * Registration rules 1 to 6 of spec 1 section 5, in order (the code rules and the e-mail lookup
 * come after them, where the code and the accounts are known).
 */
export function registrationProblem(entry: RegistrationEntry): RegistrationProblem | null {
  const email = entry.email.trim();
  const mobile = entry.mobile.trim();
  if (email === '' && mobile === '') return 'contactRequired';
  if (entry.password === '') return 'passwordRequired';
  if (entry.password.length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  if (blank(entry.address)) return 'addressRequired';
  if (email !== '' && !isEmail(email)) return 'emailFormat';
  if (mobile !== '' && !isPhone(mobile)) return 'phoneFormat';
  if (entry.confirmation !== undefined && entry.password !== entry.confirmation) return 'passwordMismatch';
  return null;
}

/** The password reset form (spec 1 section 5). */
export interface PasswordResetEntry {
  account: string;
  code: string;
  password: string;
  confirmation: string;
}

export type PasswordResetProblem =
  | 'accountRequired'
  | 'codeRequired'
  | 'passwordRequired'
  | 'passwordTooShort'
  | 'confirmationRequired'
  | 'passwordMismatch';

/** Password reset: every field required, the length rule, then the confirmation (the code itself is the server's to check). */
export function passwordResetProblem(entry: PasswordResetEntry): PasswordResetProblem | null {
  if (blank(entry.account)) return 'accountRequired';
  if (blank(entry.code)) return 'codeRequired';
  if (entry.password === '') return 'passwordRequired';
  if (entry.password.length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  if (entry.confirmation === '') return 'confirmationRequired';
  if (entry.password !== entry.confirmation) return 'passwordMismatch';
  return null;
}
