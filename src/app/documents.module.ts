import { ContainerModule } from 'inversify';
import { fromCallback } from 'xstate';
import { KyDocumentsApi } from '../adapters/ky/ky-documents-api.adapter';
import { uploadMachine, type UploadActorEvent } from '../domain/documents/upload.machine';
import { DocumentsApiToken } from '../ports/tokens';
import { DocumentsMachinesToken, type DocumentsMachines } from '../ui/documents/documents-machines';

/** The file screen's bindings: the IndustrialDocument calls and the upload drawer's machine. */
export const documentsModule = new ContainerModule((options) => {
  options.bind(DocumentsApiToken).to(KyDocumentsApi).inSingletonScope();
  options
    .bind(DocumentsMachinesToken)
    .toDynamicValue((context): DocumentsMachines => {
      const api = context.get(DocumentsApiToken);
      return {
        upload: uploadMachine.provide({
          actors: {
            upload: fromCallback<UploadActorEvent, { orderNumber: string; files: { name: string; size: number }[] }>(({ input, sendBack }) => {
              const abort = new AbortController();
              api
                .upload(input.orderNumber, input.files as unknown as File[], (loaded) => sendBack({ type: 'upload.progress', loaded }), abort.signal)
                .then((answer) => sendBack({ type: 'upload.answer', answer }))
                .catch(() => {
                  if (!abort.signal.aborted) sendBack({ type: 'upload.lost' });
                });
              return () => abort.abort();
            }),
          },
        }),
      };
    })
    .inSingletonScope();
});
