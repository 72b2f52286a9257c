import type { ServiceIdentifier } from 'inversify';
import type { camPageMachine } from '../../domain/cam/cam-page.machine';
import type { softwareDownloadMachine } from '../../domain/cam/software-download.machine';
import { useService } from '../common/services-context';

/** The CAM page's machines, ready to run: app/cam-page.module.ts provides their calls. */
export interface CamMachines {
  camPage: typeof camPageMachine;
  /** A software card's latest release and its recorded download (as on the software pages). */
  softwareDownload: typeof softwareDownloadMachine;
}

export const CamMachinesToken: ServiceIdentifier<CamMachines> = Symbol.for('CamMachines');

/** The CAM page's ready machines. */
export const useCamMachines = (): CamMachines => useService(CamMachinesToken);
