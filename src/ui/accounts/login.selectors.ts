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
  /** The server asked for the mailed code (issue 21, item 3): show its field and "send code". */
  codeAsked: boolean;
  code: string;
  codeError: FormMessage | null;
}

const FIELD_KEYS = new Set<string | null>([
  'accounts.validation.accountRequired',
  'accounts.validation.passwordRequired',
  'accounts.validation.codeRequired',
  'accounts.validation.codeError',
]);

/** The login snapshot as a view model; rule messages go next to their field. */
export function selectLoginView(snapshot: SnapshotFrom<typeof loginMachine>): LoginViewModel {
  const { account, password, error, code, codeAsked } = snapshot.context;
  const key = error && 'key' in error ? error.key : null;
  return {
    account,
    password,
    busy: snapshot.hasTag('busy'),
    accountError: key === 'accounts.validation.accountRequired' ? error : null,
    passwordError: key === 'accounts.validation.passwordRequired' ? error : null,
    formError: error && !FIELD_KEYS.has(key) ? error : null,
    codeAsked,
    code,
    codeError: key === 'accounts.validation.codeRequired' || key === 'accounts.validation.codeError' ? error : null,
  };
}
