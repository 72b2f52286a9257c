import { shallowEqual } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { areaCascadeMachine } from '../../domain/accounts/area-cascade.machine';
import { AREA_LEVELS, type AreaLevel } from '../../domain/accounts/area-levels';
import type { camBindingMachine } from '../../domain/accounts/cam-binding.machine';
import type { RegistrationField, RegistrationForm, registrationMachine } from '../../domain/accounts/registration.machine';
import type { AccountsMessageKey, FormMessage, RegistrationLanguage, RegistrationMode } from '../../domain/accounts/validation';
import type { AreaChoice } from './area-select';

export interface AreaLevelView {
  level: AreaLevel;
  items: AreaChoice[];
  selectedId: number | null;
  /** Disabled until the level above is chosen (spec 1 section 2). */
  disabled: boolean;
  loading: boolean;
}

export interface CamBindingView {
  email: string;
  code: string;
  remaining: number;
  sending: boolean;
  sentBefore: boolean;
  emailLocked: boolean;
  binding: boolean;
  emailError: FormMessage | null;
  codeError: FormMessage | null;
  formError: FormMessage | null;
}

export interface RegistrationViewModel {
  language: RegistrationLanguage;
  mode: RegistrationMode;
  form: RegistrationForm;
  contactLocked: boolean;
  /** A code's countdown runs (its seconds are `selectCodeRemaining`'s, for the code button alone). */
  counting: boolean;
  sending: boolean;
  codeSentTo: string | null;
  /** The countdown is over: the "not received" checkbox is offered. */
  countdownEnded: boolean;
  manualReview: boolean;
  submitting: boolean;
  fieldErrors: Partial<Record<RegistrationField, FormMessage>>;
  formError: FormMessage | null;
  step: 'form' | 'camPrompt' | 'camBind' | 'done';
}

const FIELD_OF: Partial<Record<AccountsMessageKey, RegistrationField>> = {
  'accounts.validation.emailRequired': 'contact',
  'accounts.validation.phoneRequired': 'contact',
  'accounts.validation.emailFormat': 'contact',
  'accounts.validation.phoneFormat': 'contact',
  'accounts.validation.emailTaken': 'contact',
  'accounts.validation.passwordRequired': 'password',
  'accounts.validation.passwordTooShort': 'password',
  'accounts.validation.addressRequired': 'address',
  'accounts.validation.passwordMismatch': 'confirmation',
  'accounts.validation.confirmationRequired': 'confirmation',
  'accounts.validation.codeRequired': 'code',
  'accounts.validation.codeError': 'code',
  'accounts.validation.codeExpired': 'code',
};

const CAM_CODE_KEYS: readonly string[] = [
  'accounts.validation.codeRequired',
  'accounts.validation.codeError',
  'accounts.validation.codeExpired',
];
const CAM_EMAIL_KEYS: readonly string[] = [
  'accounts.validation.emailRequired',
  'accounts.validation.emailFormat',
  'accounts.validation.emailTaken',
];

/** The registration snapshot as a view model (its children, the areas and the CAM binding, have their own). */
export function selectRegistrationView(snapshot: SnapshotFrom<typeof registrationMachine>): RegistrationViewModel {
  const c = snapshot.context;
  const field = c.error && 'key' in c.error ? FIELD_OF[c.error.key] : undefined;
  const step = snapshot.status === 'done'
    ? 'done'
    : snapshot.matches('camPrompt')
      ? 'camPrompt'
      : snapshot.matches('camBind')
        ? 'camBind'
        : 'form';
  return {
    language: c.language,
    mode: c.mode,
    form: c.form,
    contactLocked: c.contactLocked,
    counting: c.remaining > 0,
    sending: snapshot.matches({ form: { code: 'requesting' } }),
    codeSentTo: c.codeSentTo,
    countdownEnded: snapshot.matches({ form: { code: 'ended' } }),
    manualReview: c.manualReview,
    // After the save the form stays behind the CAM dialogs; it is no longer "submitting".
    submitting: c.submitting && snapshot.matches('form'),
    fieldErrors: field && c.error ? { [field]: c.error } : {},
    formError: c.error && !field ? c.error : null,
    step,
  };
}

/** The seconds left of a code's countdown: it ticks each second, and only the code button shows it. */
export const selectCodeRemaining = (snapshot: SnapshotFrom<typeof registrationMachine>): number => snapshot.context.remaining;

/**
 * Two view models show the same form: a countdown's tick makes a new snapshot and a new model
 * each second, which would render the whole form sixty times a minute for nothing.
 */
export const sameRegistrationView = (a: RegistrationViewModel, b: RegistrationViewModel): boolean =>
  shallowEqual({ ...a, fieldErrors: null }, { ...b, fieldErrors: null }) && shallowEqual(a.fieldErrors, b.fieldErrors);

/** The area cascade's snapshot as the four selects. */
export function selectAreaCascadeView(snapshot: SnapshotFrom<typeof areaCascadeMachine>): AreaLevelView[] {
  const c = snapshot.context;
  const loading = snapshot.matches('loading');
  return AREA_LEVELS.map((level, index) => {
    const parent = index === 0 ? null : AREA_LEVELS[index - 1];
    return {
      level,
      items: c.options[level].map((a) => ({ id: a.countryid, name: a.countryname })),
      selectedId: c.selected[level]?.countryid ?? null,
      disabled: parent !== null && c.selected[parent] === null,
      loading: loading && c.loadingLevel === level,
    };
  });
}

const NO_CAM_BINDING: CamBindingView = {
  email: '',
  code: '',
  remaining: 0,
  sending: false,
  sentBefore: false,
  emailLocked: false,
  binding: false,
  emailError: null,
  codeError: null,
  formError: null,
};

/** The CAM e-mail binding's snapshot as a view model; an empty one while no binding runs. */
export function selectCamBindingView(snapshot: SnapshotFrom<typeof camBindingMachine> | undefined): CamBindingView {
  if (!snapshot) return NO_CAM_BINDING;
  const c = snapshot.context;
  const key = c.error && 'key' in c.error ? c.error.key : null;
  const isEmailError = key !== null && CAM_EMAIL_KEYS.includes(key);
  const isCodeError = key !== null && CAM_CODE_KEYS.includes(key);
  return {
    email: c.email,
    code: c.code,
    remaining: c.remaining,
    sending: snapshot.matches({ editing: { code: 'requesting' } }),
    sentBefore: c.codeSentTo !== null,
    emailLocked: c.remaining > 0,
    binding: snapshot.matches({ editing: { submission: 'binding' } }),
    emailError: isEmailError ? c.error : null,
    codeError: isCodeError ? c.error : null,
    formError: c.error && !isEmailError && !isCodeError ? c.error : null,
  };
}
