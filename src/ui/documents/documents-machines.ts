import type { ServiceIdentifier } from 'inversify';
import type { uploadMachine } from '../../domain/documents/upload.machine';
import { useService } from '../common/services-context';

/** The file screen's machine, ready to run: app/documents.module.ts provides its upload call. */
export interface DocumentsMachines {
  /** The screen provides the notices and what follows an upload (close, reload). */
  upload: typeof uploadMachine;
}

export const DocumentsMachinesToken: ServiceIdentifier<DocumentsMachines> = Symbol.for('DocumentsMachines');

export const useDocumentsMachines = (): DocumentsMachines => useService(DocumentsMachinesToken);
