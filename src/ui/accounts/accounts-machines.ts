import type { ServiceIdentifier } from 'inversify';
import type { loginMachine } from '../../domain/accounts/login.machine';
import type { passwordResetMachine } from '../../domain/accounts/password-reset.machine';
import type { registrationMachine } from '../../domain/accounts/registration.machine';
import { useService } from '../common/services-context';

/** The accounts area's machines, ready to run: app/accounts.module.ts provides their calls. */
export interface AccountsMachines {
  login: typeof loginMachine;
  passwordReset: typeof passwordResetMachine;
  /** Registration, with its area cascade and CAM e-mail binding provided too. */
  registration: typeof registrationMachine;
}

export const AccountsMachinesToken: ServiceIdentifier<AccountsMachines> = Symbol.for('AccountsMachines');

/** The accounts area's ready machines. */
export const useAccountsMachines = (): AccountsMachines => useService(AccountsMachinesToken);
