import type { ServiceIdentifier } from 'inversify';
import type { informationFormMachine } from '../../domain/cam/information-form.machine';
import type { softwareDownloadMachine } from '../../domain/cam/software-download.machine';
import { useService } from '../common/services-context';

/**
 * The software pages' machines, ready to run: app/software.module.ts provides their calls. The
 * download page still provides `openFile` itself (opening the file is the page's to do).
 */
export interface SoftwareMachines {
  softwareDownload: typeof softwareDownloadMachine;
  informationForm: typeof informationFormMachine;
}

export const SoftwareMachinesToken: ServiceIdentifier<SoftwareMachines> = Symbol.for('SoftwareMachines');

/** The software pages' ready machines. */
export const useSoftwareMachines = (): SoftwareMachines => useService(SoftwareMachinesToken);
