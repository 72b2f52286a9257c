import type { ServiceIdentifier } from 'inversify';
import type { DocumentsScreenMachine } from '../../domain/documents/documents-screen.machine';
import type { uploadMachine } from '../../domain/documents/upload.machine';
import type { FileDownloadMachine } from '../../domain/shared/file-download.machine';
import type { DocumentReport, DocumentRow } from '../../domain/documents/document-rows';
import { useService } from '../common/services-context';

/** The file screen's machines, ready to run: app/documents.module.ts provides their calls. */
export interface DocumentsMachines {
  /** The screen provides the notices and what follows an upload (close, reload). */
  upload: typeof uploadMachine;
  /** The table (paged on the server), its filters, and the panel over it; the screen provides the notices. */
  screen: DocumentsScreenMachine<DocumentRow, DocumentReport>;
  /** A document's file by its id; the screen provides the notices and the save. */
  download: FileDownloadMachine<{ id: string }>;
}

export const DocumentsMachinesToken: ServiceIdentifier<DocumentsMachines> = Symbol.for('DocumentsMachines');

export const useDocumentsMachines = (): DocumentsMachines => useService(DocumentsMachinesToken);
