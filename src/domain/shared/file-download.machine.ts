import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import type { Refused } from './refused';

/** A stored file as a download call gives it: its bytes and the name the server sends, or a refusal (nothing stored). */
export type DownloadedFile = { kind: 'file'; blob: Blob; fileName: string | null } | Refused;

export interface FileDownloadContext<Input> {
  /** The file on its way: what the call is given, and the name to save it under when the server sends none. */
  pending: { input: Input; name: string } | null;
}

export type FileDownloadEvent<Input> = { type: 'download'; input: Input; name: string };

type Done<Input> = { context: FileDownloadContext<Input>; event: DoneActorEvent<DownloadedFile> };

/**
 * One download at a time (a document, a question's attachment): `started` says it is on its way,
 * the `fetch` actor brings the file, `save` hands it to the browser under the server's name (else
 * the one listed); a refusal goes to `refused` with the server's words. Another click while a file
 * is on its way is ignored, not queued.
 */
export function createFileDownloadMachine<Input>() {
  return setup({
    types: {
      context: {} as FileDownloadContext<Input>,
      events: {} as FileDownloadEvent<Input>,
      tags: {} as 'busy',
    },
    actors: {
      fetch: fromPromise<DownloadedFile, Input>(async () => {
        throw new Error('fileDownload: provide the fetch actor');
      }),
    },
    actions: {
      started: () => {},
      save: (_, _params: { blob: Blob; fileName: string }) => {},
      refused: (_, _params: { message: string }) => {},
    },
  }).createMachine({
    id: 'fileDownload',
    context: { pending: null },
    initial: 'idle',
    states: {
      idle: {
        // Cleared on entry, not on leaving `fetching`: the save reads it in the transition's actions.
        entry: assign({ pending: null }),
        on: { download: { target: 'fetching', actions: [assign(({ event }) => ({ pending: { input: event.input, name: event.name } })), 'started'] } },
      },
      fetching: {
        tags: ['busy'],
        // XState cannot work out the invoke's config type while Input is still generic (as in
        // form-submit.machine.ts), so the parameters are typed here and the config passed as is.
        invoke: {
          src: 'fetch',
          input: ({ context }: { context: FileDownloadContext<Input> }) => context.pending!.input,
          onDone: [
            {
              guard: ({ event }: Done<Input>) => event.output.kind === 'file',
              target: 'idle',
              actions: {
                type: 'save',
                params: ({ context, event }: Done<Input>) => {
                  const file = event.output as { blob: Blob; fileName: string | null };
                  return { blob: file.blob, fileName: file.fileName || context.pending?.name || 'download' };
                },
              },
            },
            { target: 'idle', actions: { type: 'refused', params: ({ event }: Done<Input>) => ({ message: (event.output as Refused).message }) } },
          ],
          // No answer: the HTTP adapter showed its dialog.
          onError: 'idle',
        } as never,
      },
    },
  });
}

export type FileDownloadMachine<Input> = ReturnType<typeof createFileDownloadMachine<Input>>;
