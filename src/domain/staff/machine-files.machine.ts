import { assign, fromPromise, setup } from 'xstate';
import type { FileAnswer, FilesAnswer, RandomFileRow } from '../files/random-files.machine';

/**
 * The service page's device drawer: the random files of one machine (RandomCenter/GetPLMRandomFile
 * with the staff token) and their downloads. A refusal leaves the list empty with the server's
 * message; a file that came is handed to `saveFile` (the view saves it), one download at a time.
 */
export const machineFilesMachine = setup({
  types: {
    context: {} as { orderNumber: string; files: RandomFileRow[]; message: string; downloading: RandomFileRow | null },
    events: {} as { type: 'file.download'; file: RandomFileRow },
    input: {} as { orderNumber: string },
    tags: {} as 'loading',
  },
  actors: {
    loadFiles: fromPromise<FilesAnswer, { orderNumber: string }>(async () => {
      throw new Error('machineFiles: loadFiles not provided');
    }),
    fetchFile: fromPromise<FileAnswer, { id: string }>(async () => {
      throw new Error('machineFiles: fetchFile not provided');
    }),
  },
  actions: {
    saveFile: (_, _params: { blob: Blob; fileName: string }) => {},
  },
}).createMachine({
  id: 'machineFiles',
  context: ({ input }) => ({ orderNumber: input.orderNumber, files: [], message: '', downloading: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadFiles',
        input: ({ context }) => ({ orderNumber: context.orderNumber }),
        onDone: { target: 'ready', actions: assign(({ event }) => (event.output.kind === 'list' ? { files: event.output.files, message: '' } : { files: [], message: event.output.message })) },
        // No answer: the HTTP adapter has shown the network or timeout dialog.
        onError: { target: 'ready' },
      },
    },
    ready: { on: { 'file.download': { target: 'downloading', actions: assign(({ event }) => ({ downloading: event.file })) } } },
    downloading: {
      invoke: {
        src: 'fetchFile',
        input: ({ context }) => ({ id: context.downloading!.Id }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'file',
            target: 'ready',
            actions: {
              type: 'saveFile',
              params: ({ context, event }) => {
                const file = event.output as Extract<FileAnswer, { kind: 'file' }>;
                // The row's own name when the answer names none.
                return { blob: file.blob, fileName: file.fileName ?? context.downloading!.FileName };
              },
            },
          },
          { target: 'ready' },
        ],
        onError: { target: 'ready' },
      },
    },
  },
});
