import type { SnapshotFrom } from 'xstate';
import type { loginMachine } from '../../domain/accounts/login.machine';
import type { FormMessage } from '../../domain/accounts/validation';

/** What the login view shows. */
export interface LoginViewModel {
  account: string;
  password: string;
  busy: boolean;
  accountError: FormMessage | null;
  passwordError: FormMessage | null;
  /** A message that belongs to no single field (the server's answer). */
  formError: FormMessage | null;
}

/** The login snapshot as a view model; rule messages go next to their field. */
export function selectLoginView(snapshot: SnapshotFrom<typeof loginMachine>): LoginViewModel {
  const { account, password, error } = snapshot.context;
  const key = error && 'key' in error ? error.key : null;
  return {
    account,
    password,
    busy: snapshot.hasTag('busy'),
    accountError: key === 'accounts.validation.accountRequired' ? error : null,
    passwordError: key === 'accounts.validation.passwordRequired' ? error : null,
    formError:
      error && key !== 'accounts.validation.accountRequired' && key !== 'accounts.validation.passwordRequired' ? error : null,
  };
}
