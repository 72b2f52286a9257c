import type { ServiceIdentifier } from 'inversify';
import type { DocumentsScreenMachine } from '../../domain/documents/documents-screen.machine';
import type { uploadMachine } from '../../domain/documents/upload.machine';
import type { CamReportAnswer, DocumentRow, WorkReportAnswer } from '../../ports/documents-api.port';
import { useService } from '../common/services-context';

/** The file screen's machines, ready to run: app/documents.module.ts provides their calls. */
export interface DocumentsMachines {
  /** The screen provides the notices and what follows an upload (close, reload). */
  upload: typeof uploadMachine;
  /** The table (paged on the server), its filters, and the panel over it; the screen provides the notices. */
  screen: DocumentsScreenMachine<DocumentRow, DocumentReport>;
}

/** What a report drawer shows: the work report or the CAM report of a document. */
export type DocumentReport = WorkReportAnswer | CamReportAnswer;

export const DocumentsMachinesToken: ServiceIdentifier<DocumentsMachines> = Symbol.for('DocumentsMachines');

export const useDocumentsMachines = (): DocumentsMachines => useService(DocumentsMachinesToken);
