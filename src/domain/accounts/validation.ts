/** The browser's side of the accounts rules (spec 1 section 5): messages, and the checks only the browser can make. */
import { isEmail as isEmailPattern, isPhone as isPhonePattern } from '../shared/contact-patterns';
import type { Refused } from '../shared/refused';
import {
  contactProblem,
  loginProblem,
  passwordResetProblem,
  registrationProblem,
  type ContactKind,
  type PasswordResetEntry,
} from './account-rules';

/** What the accounts forms may have to say; `accounts.messages.ts` words every one as `accounts.validation.<problem>`. */
export type AccountsProblem =
  | 'accountRequired'
  | 'passwordRequired'
  | 'passwordTooShort'
  | 'confirmationRequired'
  | 'addressRequired'
  | 'emailRequired'
  | 'phoneRequired'
  | 'emailFormat'
  | 'phoneFormat'
  | 'passwordMismatch'
  | 'codeRequired'
  | 'codeError'
  | 'codeExpired'
  | 'emailTaken'
  // The login throttle's refusals (issue 21, item 3): said in the page's language.
  | 'wrongCredentials'
  | 'tooSoon'
  | 'proofRequired';

/** Message keys the accounts rules can answer. */
export type AccountsMessageKey = `accounts.validation.${AccountsProblem}`;

/** A message for the user: a known key, or a server text shown as it came. */
export type FormMessage = { key: AccountsMessageKey } | { text: string };

export const messageOf = (problem: AccountsProblem): FormMessage => ({ key: `accounts.validation.${problem}` });

/** A refusal the accounts forms know, said in the user's language. */
export interface KnownRefusal {
  kind: 'problem';
  problem: AccountsProblem;
}

/** How the server refused an accounts call: a refusal the forms know, or its own words. */
export type AccountsRefusal = KnownRefusal | Refused;

export const knownRefusal = (problem: AccountsProblem): KnownRefusal => ({ kind: 'problem', problem });

const isRefused = (answer: { kind: string }): answer is AccountsRefusal => answer.kind === 'problem' || answer.kind === 'refused';

/** What a form shows for an answer: the refusal's message, or nothing for any other answer. */
export function messageOfAnswer(answer: { kind: string }): FormMessage | null {
  if (!isRefused(answer)) return null;
  return answer.kind === 'problem' ? messageOf(answer.problem) : { text: answer.message.trim() };
}

/** A code request's answer: sent (and how long until another may be asked for), or refused. */
export type CodeAnswer = { kind: 'sent'; waitSeconds: number } | AccountsRefusal;

export const isEmail = (value: string): boolean => isEmailPattern(value.trim());
export const isPhone = (value: string): boolean => isPhonePattern(value.trim());

const blank = (value: string): boolean => value.trim() === '';

/** The message of "this contact is missing" for the contact a form asks for. */
const contactRequired = (kind: ContactKind): AccountsProblem => (kind === 'phone' ? 'phoneRequired' : 'emailRequired');
const contactFormat = (kind: ContactKind): AccountsProblem => (kind === 'phone' ? 'phoneFormat' : 'emailFormat');
const keyOf = (problem: AccountsProblem | null): AccountsMessageKey | null => (problem ? `accounts.validation.${problem}` : null);

// ---------------------------------------------------------------- login

export interface LoginInput {
  account: string;
  password: string;
  /** The code the server mailed after many failures; sent only once the server asked for it. */
  code?: string;
}

/** Login: account required, then password required. */
export function validateLogin(input: LoginInput): AccountsMessageKey | null {
  return keyOf(loginProblem(input));
}

// ---------------------------------------------------------------- registration

/** Which contact the account is made with: e-mail (code by mail) or phone (code by SMS). */
export type RegistrationMode = ContactKind;
export type RegistrationLanguage = 'zh' | 'en';

/** The language and the contact a registration runs with (the registration machine's input). */
export interface RegistrationSetup {
  language: RegistrationLanguage;
  mode: RegistrationMode;
}

/**
 * Spec 1 section 2: `l=zh_cn` forces Chinese with e-mail registration; any other `l` forces
 * English (e-mail); without `l` the UI language decides (Chinese registers by phone).
 */
export function registrationSetup(l: string | null | undefined, uiLanguage: RegistrationLanguage): RegistrationSetup {
  if (l === 'zh_cn') return { language: 'zh', mode: 'email' };
  if (l !== null && l !== undefined) return { language: 'en', mode: 'email' };
  return uiLanguage === 'zh' ? { language: 'zh', mode: 'phone' } : { language: 'en', mode: 'email' };
}

/** The registration form as the browser checks it before sending. */
export interface RegistrationCheck {
  mode: RegistrationMode;
  contact: string;
  password: string;
  confirmation: string;
  address: string;
  code: string;
  /** The contact the last code was sent to, or null when none was requested. */
  codeSentTo: string | null;
  /** "Code not received": the account goes to manual review and no code is needed. */
  manualReview: boolean;
}

/**
 * The first failing registration rule in the spec's order, or null when the form may be sent:
 * rules 1 to 6 as the server checks them (account-rules.ts), then rule 7 as far as the browser
 * can: a code, to a still current request (the server checks the code itself). Rule 8, the
 * e-mail lookup, needs the server and runs after these.
 */
export function validateRegistration(input: RegistrationCheck): AccountsMessageKey | null {
  const contact = input.contact.trim();
  const problem = registrationProblem({
    email: input.mode === 'email' ? contact : '',
    mobile: input.mode === 'phone' ? contact : '',
    password: input.password,
    address: input.address,
    confirmation: input.confirmation,
  });
  if (problem === 'contactRequired') return keyOf(contactRequired(input.mode));
  if (problem) return keyOf(problem);
  if (input.manualReview) return null;
  if (blank(input.code)) return keyOf('codeRequired');
  if (input.codeSentTo !== contact) return keyOf('codeExpired');
  return null;
}

/** A code request needs the contact filled and well formed. */
export function validateCodeRequest(mode: ContactKind, contact: string): AccountsMessageKey | null {
  const problem = contactProblem(mode, contact);
  if (problem === 'contactRequired') return keyOf(contactRequired(mode));
  return problem ? keyOf(contactFormat(mode)) : null;
}

// ---------------------------------------------------------------- password reset

export interface PasswordResetInput extends PasswordResetEntry {
  codeSentTo: string | null;
}

/** Where a password-reset code goes: by mail for an e-mail account, by SMS for a phone. */
export type CodeChannel = ContactKind;

/** A reset code request: the account must be an e-mail address or a phone number. */
export function validateResetCodeRequest(account: string): { channel: CodeChannel } | { error: AccountsMessageKey } {
  if (blank(account)) return { error: 'accounts.validation.accountRequired' };
  if (isEmail(account)) return { channel: 'email' };
  if (isPhone(account)) return { channel: 'phone' };
  return { error: account.includes('@') ? 'accounts.validation.emailFormat' : 'accounts.validation.phoneFormat' };
}

/** Submit is offered only once account and code are filled (spec 1 section 5). */
export const canSubmitReset = (input: Pick<PasswordResetInput, 'account' | 'code'>): boolean =>
  !blank(input.account) && !blank(input.code);

/** The first failing password-reset rule: the server's (account-rules.ts), then the code must be the one sent to this account. */
export function validatePasswordReset(input: PasswordResetInput): AccountsMessageKey | null {
  const problem = passwordResetProblem(input);
  if (problem) return keyOf(problem);
  return input.codeSentTo !== input.account.trim() ? keyOf('codeExpired') : null;
}

// ---------------------------------------------------------------- CAM e-mail binding

/** Binding an e-mail for CAM use: e-mail required and well formed, then the mailed code. */
export function validateCamBinding(input: { email: string; code: string; codeSentTo: string | null }): AccountsMessageKey | null {
  const invalid = validateCodeRequest('email', input.email);
  if (invalid) return invalid;
  if (blank(input.code)) return keyOf('codeRequired');
  if (input.codeSentTo !== input.email.trim()) return keyOf('codeExpired');
  return null;
}

// ---------------------------------------------------------------- codes

/** Seconds between two code requests (spec 1 section 9). */
export const CODE_RESEND_SECONDS = 60;

/** The countdown length the server asked for, else the spec's 60 s. */
export function resendSeconds(asked: unknown): number {
  return typeof asked === 'number' && Number.isInteger(asked) && asked > 0 && asked <= 600 ? asked : CODE_RESEND_SECONDS;
}
