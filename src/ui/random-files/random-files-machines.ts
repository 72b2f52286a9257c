import type { ServiceIdentifier } from 'inversify';
import type { randomFilesMachine } from '../../domain/files/random-files.machine';
import { useService } from '../common/services-context';

/** The random-file page's machine, ready to run: app/random-files.module.ts provides its calls. */
export interface RandomFilesMachines {
  /** The screen provides what is purely the page's: the address, saving and opening files, the notices. */
  randomFiles: typeof randomFilesMachine;
}

export const RandomFilesMachinesToken: ServiceIdentifier<RandomFilesMachines> = Symbol.for('RandomFilesMachines');

/** The random-file page's ready machine. */
export const useRandomFilesMachines = (): RandomFilesMachines => useService(RandomFilesMachinesToken);
