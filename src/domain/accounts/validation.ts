/** Input rules of spec 1 section 5 for login, registration and password reset; pure functions. */
import { PASSWORD_MIN_LENGTH, isEmail as isEmailPattern, isPhone as isPhonePattern } from '../shared/contact-patterns';

/** Message keys the accounts rules can answer; `accounts.messages.ts` translates every one. */
export type AccountsMessageKey =
  | 'accounts.validation.accountRequired'
  | 'accounts.validation.passwordRequired'
  | 'accounts.validation.passwordTooShort'
  | 'accounts.validation.confirmationRequired'
  | 'accounts.validation.addressRequired'
  | 'accounts.validation.emailRequired'
  | 'accounts.validation.phoneRequired'
  | 'accounts.validation.emailFormat'
  | 'accounts.validation.phoneFormat'
  | 'accounts.validation.passwordMismatch'
  | 'accounts.validation.codeRequired'
  | 'accounts.validation.codeError'
  | 'accounts.validation.codeExpired'
  | 'accounts.validation.emailTaken';

/** A message for the user: a known key, or a server text shown as it came. */
export type FormMessage = { key: AccountsMessageKey } | { text: string };

// The patterns and the length rule are shared with the server's checks (contact-patterns.ts).
export { EMAIL_PATTERN, PHONE_PATTERN, PASSWORD_MIN_LENGTH } from '../shared/contact-patterns';

export const isEmail = (value: string): boolean => isEmailPattern(value.trim());
export const isPhone = (value: string): boolean => isPhonePattern(value.trim());

const blank = (value: string): boolean => value.trim() === '';

/** Server texts the client knows and shows in the user's language (spec 1 section 8). */
const KNOWN_SERVER_TEXTS: Record<string, AccountsMessageKey> = {
  'Verification code error!': 'accounts.validation.codeError',
  'Please obtain the verification code again': 'accounts.validation.codeExpired',
  'The email has been registered': 'accounts.validation.emailTaken',
  'Account cannot be empty': 'accounts.validation.accountRequired',
  'Password cannot be empty': 'accounts.validation.passwordRequired',
};

/** A server's `info` as a message: a translated key when the text is a known one. */
export function messageFromServer(info: string | undefined | null): FormMessage {
  const text = (info ?? '').trim();
  const key = KNOWN_SERVER_TEXTS[text];
  return key ? { key } : { text };
}

// ---------------------------------------------------------------- login

export interface LoginInput {
  account: string;
  password: string;
}

/** Login: account required, then password required. */
export function validateLogin(input: LoginInput): AccountsMessageKey | null {
  if (blank(input.account)) return 'accounts.validation.accountRequired';
  if (input.password === '') return 'accounts.validation.passwordRequired';
  return null;
}

/** The UserLogin body: an account that looks like an e-mail is also sent as Email. */
export function loginBody(input: LoginInput): { Account: string; Password: string; Email?: string } {
  const account = input.account.trim();
  return isEmail(account)
    ? { Account: account, Password: input.password, Email: account }
    : { Account: account, Password: input.password };
}

// ---------------------------------------------------------------- registration

/** Which contact the account is made with: e-mail (code by mail) or phone (code by SMS). */
export type RegistrationMode = 'email' | 'phone';
export type RegistrationLanguage = 'zh' | 'en';

/**
 * Spec 1 section 2: `l=zh_cn` forces Chinese with e-mail registration; any other `l` forces
 * English (e-mail); without `l` the UI language decides (Chinese registers by phone).
 */
export function registrationSetup(
  l: string | null | undefined,
  uiLanguage: RegistrationLanguage,
): { language: RegistrationLanguage; mode: RegistrationMode } {
  if (l === 'zh_cn') return { language: 'zh', mode: 'email' };
  if (l !== null && l !== undefined) return { language: 'en', mode: 'email' };
  return uiLanguage === 'zh' ? { language: 'zh', mode: 'phone' } : { language: 'en', mode: 'email' };
}

export interface RegistrationInput {
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

interface Rule<T> {
  key: (input: T) => AccountsMessageKey;
  fails: (input: T) => boolean;
}

const rule = <T>(key: AccountsMessageKey | ((input: T) => AccountsMessageKey), fails: (input: T) => boolean): Rule<T> => ({
  key: typeof key === 'function' ? key : () => key,
  fails,
});

/**
 * The browser-side registration rules in the spec's order (section 5, rules 1 to 7; rule 8,
 * the e-mail lookup, needs the server and runs after these). The length rule of DECISIONS 2
 * sits right after "password required". Rule 7 cannot compare codes in the browser any more:
 * it asks for a code to a still current request and the server checks the code itself.
 */
export const REGISTRATION_RULES: readonly Rule<RegistrationInput>[] = [
  rule(
    (i) => (i.mode === 'phone' ? 'accounts.validation.phoneRequired' : 'accounts.validation.emailRequired'),
    (i) => blank(i.contact),
  ),
  rule('accounts.validation.passwordRequired', (i) => i.password === ''),
  rule('accounts.validation.passwordTooShort', (i) => i.password.length < PASSWORD_MIN_LENGTH),
  rule('accounts.validation.addressRequired', (i) => blank(i.address)),
  rule('accounts.validation.emailFormat', (i) => i.mode === 'email' && !isEmail(i.contact)),
  rule('accounts.validation.phoneFormat', (i) => i.mode === 'phone' && !isPhone(i.contact)),
  rule('accounts.validation.passwordMismatch', (i) => i.password !== i.confirmation),
  rule('accounts.validation.codeRequired', (i) => !i.manualReview && blank(i.code)),
  rule('accounts.validation.codeExpired', (i) => !i.manualReview && i.codeSentTo !== i.contact.trim()),
];

const firstFailing = <T>(rules: readonly Rule<T>[], input: T): AccountsMessageKey | null => {
  for (const r of rules) if (r.fails(input)) return r.key(input);
  return null;
};

/** The first failing registration rule in spec order, or null when the form may be sent. */
export function validateRegistration(input: RegistrationInput): AccountsMessageKey | null {
  return firstFailing(REGISTRATION_RULES, input);
}

/** A code request needs the contact filled and well formed. */
export function validateCodeRequest(mode: RegistrationMode, contact: string): AccountsMessageKey | null {
  if (blank(contact)) return mode === 'phone' ? 'accounts.validation.phoneRequired' : 'accounts.validation.emailRequired';
  if (mode === 'email' && !isEmail(contact)) return 'accounts.validation.emailFormat';
  if (mode === 'phone' && !isPhone(contact)) return 'accounts.validation.phoneFormat';
  return null;
}

// ---------------------------------------------------------------- password reset

export interface PasswordResetInput {
  account: string;
  code: string;
  password: string;
  confirmation: string;
  codeSentTo: string | null;
}

/** Where a password-reset code goes: by mail for an e-mail account, by SMS for a phone. */
export type CodeChannel = 'email' | 'phone';

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

export const PASSWORD_RESET_RULES: readonly Rule<PasswordResetInput>[] = [
  rule('accounts.validation.accountRequired', (i) => blank(i.account)),
  rule('accounts.validation.codeRequired', (i) => blank(i.code)),
  rule('accounts.validation.passwordRequired', (i) => i.password === ''),
  rule('accounts.validation.passwordTooShort', (i) => i.password.length < PASSWORD_MIN_LENGTH),
  rule('accounts.validation.confirmationRequired', (i) => i.confirmation === ''),
  rule('accounts.validation.passwordMismatch', (i) => i.password !== i.confirmation),
  rule('accounts.validation.codeExpired', (i) => i.codeSentTo !== i.account.trim()),
];

/** The first failing password-reset rule, or null. */
export function validatePasswordReset(input: PasswordResetInput): AccountsMessageKey | null {
  return firstFailing(PASSWORD_RESET_RULES, input);
}

// ---------------------------------------------------------------- CAM e-mail binding

/** Binding an e-mail for CAM use: e-mail required and well formed, then the mailed code. */
export function validateCamBinding(input: {
  email: string;
  code: string;
  codeSentTo: string | null;
}): AccountsMessageKey | null {
  if (blank(input.email)) return 'accounts.validation.emailRequired';
  if (!isEmail(input.email)) return 'accounts.validation.emailFormat';
  if (blank(input.code)) return 'accounts.validation.codeRequired';
  if (input.codeSentTo !== input.email.trim()) return 'accounts.validation.codeExpired';
  return null;
}

/** Seconds between two code requests (spec 1 section 9). */
export const CODE_RESEND_SECONDS = 60;

/** The countdown length the server asked for (ReturnData), else the spec's 60 s. */
export function resendSeconds(returnData: unknown): number {
  return typeof returnData === 'number' && Number.isInteger(returnData) && returnData > 0 && returnData <= 600
    ? returnData
    : CODE_RESEND_SECONDS;
}

/** The no-data marker or anything else that is not a list reads as an empty list. */
export function asList<T>(returnData: T[] | string | null | undefined): T[] {
  return Array.isArray(returnData) ? returnData : [];
}
