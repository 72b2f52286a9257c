import type { SnapshotFrom } from 'xstate';
import type { PasswordResetField, passwordResetMachine } from '../../domain/accounts/password-reset.machine';
import { canSubmitReset, type AccountsMessageKey, type FormMessage } from '../../domain/accounts/validation';

export interface PasswordResetViewModel {
  account: string;
  code: string;
  password: string;
  confirmation: string;
  remaining: number;
  sending: boolean;
  /** A code was sent before (the button then offers a new one). */
  sentBefore: boolean;
  /** The countdown is over: "no code received" help is offered. */
  countdownEnded: boolean;
  canSubmit: boolean;
  submitting: boolean;
  done: boolean;
  fieldErrors: Partial<Record<PasswordResetField, FormMessage>>;
  formError: FormMessage | null;
}

const FIELD_OF: Partial<Record<AccountsMessageKey, PasswordResetField>> = {
  'accounts.validation.accountRequired': 'account',
  'accounts.validation.emailFormat': 'account',
  'accounts.validation.phoneFormat': 'account',
  'accounts.validation.codeRequired': 'code',
  'accounts.validation.codeError': 'code',
  'accounts.validation.codeExpired': 'code',
  'accounts.validation.passwordRequired': 'password',
  'accounts.validation.passwordTooShort': 'password',
  'accounts.validation.confirmationRequired': 'confirmation',
  'accounts.validation.passwordMismatch': 'confirmation',
};

/** The password-reset snapshot as a view model. */
export function selectPasswordResetView(snapshot: SnapshotFrom<typeof passwordResetMachine>): PasswordResetViewModel {
  const c = snapshot.context;
  const field = c.error && 'key' in c.error ? FIELD_OF[c.error.key] : undefined;
  return {
    account: c.account,
    code: c.code,
    password: c.password,
    confirmation: c.confirmation,
    remaining: c.remaining,
    sending: snapshot.matches({ editing: { code: 'requesting' } }),
    sentBefore: c.codeSentTo !== null,
    countdownEnded: snapshot.matches({ editing: { code: 'ended' } }),
    canSubmit: canSubmitReset(c),
    submitting: snapshot.matches({ editing: { submission: 'submitting' } }),
    done: snapshot.status === 'done',
    fieldErrors: field && c.error ? { [field]: c.error } : {},
    formError: c.error && !field ? c.error : null,
  };
}
