import { PgIndustrialDocumentRepository } from '../../adapters/postgres/pg-industrial-document.repository';
import { DOCUMENT_MAX_FILES } from '../../domain/documents/document-file.policy';
import type { Core } from './core';
import { camImageRoute, documentUploadRoutes, industrialDocumentRoutes } from '../routes/industrial-document.routes';
import { DocumentService } from '../services/document.service';
import { defineArea } from './server-area';

/** Industrial documents: uploads, their files and images. */
export const documentsArea = defineArea({
  name: 'documents',
  services: ({ database, machines, machineEvents, files, clock }: Core, config) => ({
    documents: new DocumentService(new PgIndustrialDocumentRepository(database.db), machines, machineEvents, files, clock, {
      fileMaxBytes: config.documentMaxBytes,
      requestMaxBytes: config.documentRequestMaxBytes,
      maxFiles: DOCUMENT_MAX_FILES,
    }),
  }),
  routes: ({ documents }) => [...industrialDocumentRoutes({ documents }), camImageRoute(documents), documentUploadRoutes(documents)],
});
