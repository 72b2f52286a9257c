import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { uploadActor } from './upload-actor';
import { KyDocumentsApi } from '../adapters/ky/ky-documents-api.adapter';
import { uploadMachine, type UploadActorEvent, type UploadAnswer } from '../domain/documents/upload.machine';
import { createDocumentsScreenMachine } from '../domain/documents/documents-screen.machine';
import { createFileDownloadMachine } from '../domain/shared/file-download.machine';
import type { DocumentReport, DocumentRow } from '../domain/documents/document-rows';
import { DevicesApiToken, DocumentsApiToken } from '../ports/api-tokens';
import { DocumentsMachinesToken, type DocumentsMachines } from '../ui/documents/documents-machines';

/** The file screen's bindings: the IndustrialDocument calls and the upload drawer's machine. */
export const documentsModule = new ContainerModule((options) => {
  options.bind(DocumentsApiToken).to(KyDocumentsApi).inSingletonScope();
  options
    .bind(DocumentsMachinesToken)
    .toDynamicValue((context): DocumentsMachines => {
      const api = context.get(DocumentsApiToken);
      return {
        screen: createDocumentsScreenMachine<DocumentRow, DocumentReport>().provide({
          actors: {
            load: fromPromise(({ input, signal }) =>
              api.list({ orderNumber: input.orderNumber || undefined, fileName: input.fileName || undefined, offset: input.offset, size: input.size }, signal),
            ),
            remove: fromPromise(({ input, signal }) => api.remove(input.id, signal)),
            // No answer (the HTTP adapter showed its dialog) shows the drawer's empty state.
            loadReport: fromPromise(({ input, signal }): Promise<DocumentReport> =>
              (input.report === 'work' ? api.workReport(input.doc.Id, signal) : api.camReport(input.doc.ProjectId, signal)).catch(() => ({ kind: 'empty' as const })),
            ),
            // The file route loads the devices module beside this one (ui/shell/routes.tsx), so the call is there when the screen runs.
            loadMachines: fromPromise(({ signal }) => context.get(DevicesApiToken).getMyMachines(signal)),
          },
        }),
        download: createFileDownloadMachine<{ id: string }>().provide({ actors: { fetch: fromPromise(({ input, signal }) => api.download(input.id, signal)) } }),
        upload: uploadMachine.provide({
          actors: {
            upload: uploadActor<UploadActorEvent, { orderNumber: string; files: { name: string; size: number }[] }, UploadAnswer>(
              (input, onProgress, signal) => api.upload(input.orderNumber, input.files as unknown as File[], onProgress, signal),
              { progress: (loaded) => ({ type: 'upload.progress', loaded }), answer: (answer) => ({ type: 'upload.answer', answer }), lost: { type: 'upload.lost' } },
            ),
          },
        }),
      };
    })
    .inSingletonScope();
});
