import type { ServiceIdentifier } from 'inversify';
import type { connectionTestMachine } from '../../domain/shared/connection-test.machine';
import { useService } from '../common/services-context';

/** The test page's machine with its probes provided (app/accounts.module.ts). */
export const ConnectionTestMachineToken: ServiceIdentifier<typeof connectionTestMachine> = Symbol.for('ConnectionTestMachine');

export const useConnectionTestMachine = (): typeof connectionTestMachine => useService(ConnectionTestMachineToken);
