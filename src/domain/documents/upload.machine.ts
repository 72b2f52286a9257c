import { assign, fromCallback, setup } from 'xstate';
import type { Refused } from '../shared/refused';
import { documentNameProblem, DOCUMENT_MAX_FILES } from './document-file.policy';

/** A file of the drag area: the browser's File (only its name and size are read here). */
export interface PickedFile {
  readonly name: string;
  readonly size: number;
}

/** What the upload call answered. */
export type UploadAnswer = { kind: 'uploaded'; count: number } | Refused;

export type UploadActorEvent = { type: 'upload.progress'; loaded: number } | { type: 'upload.answer'; answer: UploadAnswer } | { type: 'upload.lost' };

export interface UploadContext<F extends PickedFile = PickedFile> {
  orderNumber: string;
  files: F[];
  /** Bytes sent of the files together, while uploading. */
  loaded: number;
}

export type UploadEvent<F extends PickedFile = PickedFile> =
  | { type: 'order.choose'; orderNumber: string }
  | { type: 'files.add'; files: readonly F[] }
  | { type: 'file.remove'; index: number }
  | { type: 'form.submit' }
  | { type: 'drawer.reset' }
  | UploadActorEvent;

/** Per-file progress (0..1), from the bytes sent of the files together in their order. */
export function fileProgress(sizes: readonly number[], loaded: number): number[] {
  let before = 0;
  return sizes.map((size) => {
    const start = before;
    before += size;
    if (size === 0) return loaded >= start ? 1 : 0;
    return Math.max(0, Math.min(1, (loaded - start) / size));
  });
}

/**
 * The upload drawer (spec 3 "Industrial files", section 4): files are listed, not sent, until
 * submit; a file name with a plus sign clears the list (notifyPlus); a file of another type is
 * left out (notifyType); submit needs an order number and a file; while uploading the list is
 * fixed and the progress grows; success notifies and closes (uploaded), failure notifies (failed);
 * the list is cleared in every case.
 */
export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as { orderNumber?: string },
    tags: {} as 'busy',
  },
  actors: {
    upload: fromCallback<UploadActorEvent, { orderNumber: string; files: PickedFile[] }>(() => {
      throw new Error('upload actor not provided');
    }),
  },
  guards: {
    hasPlus: (_, params: { files: readonly PickedFile[] }) => params.files.some((f) => documentNameProblem(f.name)?.kind === 'plus'),
    canSubmit: ({ context }) => context.files.length > 0 && context.orderNumber.trim() !== '',
    isUploaded: (_, params: { answer: UploadAnswer }) => params.answer.kind === 'uploaded',
  },
  actions: {
    chooseOrder: assign((_, params: { orderNumber: string }) => ({ orderNumber: params.orderNumber })),
    addFiles: assign(({ context }, params: { files: readonly PickedFile[] }) => {
      const fitting = params.files.filter((f) => documentNameProblem(f.name) === null);
      return { files: [...context.files, ...fitting].slice(0, DOCUMENT_MAX_FILES) };
    }),
    removeFile: assign(({ context }, params: { index: number }) => ({ files: context.files.filter((_, i) => i !== params.index) })),
    clearFiles: assign({ files: [], loaded: 0 }),
    setLoaded: assign((_, params: { loaded: number }) => ({ loaded: Math.max(0, params.loaded) })),
    /** A name with "+": the list was cleared; the screen shows the spec's error. */
    notifyPlus: () => {},
    /** Files of other types were left out; the screen names them. */
    notifyType: (_, _params: { names: string[] }) => {},
    /** Spec 3 section 8: the success text; the screen closes the drawer and reloads the list. */
    uploaded: (_, _params: { count: number }) => {},
    /** The fail text, or the server's refusal ('' when a dialog already told). */
    failed: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'documentUpload',
  context: ({ input }) => ({ orderNumber: input.orderNumber ?? '', files: [], loaded: 0 }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'order.choose': { actions: { type: 'chooseOrder', params: ({ event }) => ({ orderNumber: event.orderNumber }) } },
        'files.add': [
          {
            guard: { type: 'hasPlus', params: ({ event }) => ({ files: event.files }) },
            actions: ['clearFiles', 'notifyPlus'],
          },
          {
            actions: [
              { type: 'addFiles', params: ({ event }) => ({ files: event.files }) },
              {
                type: 'notifyType',
                params: ({ event }) => ({ names: event.files.filter((f) => documentNameProblem(f.name) !== null).map((f) => f.name) }),
              },
            ],
          },
        ],
        'file.remove': { actions: { type: 'removeFile', params: ({ event }) => ({ index: event.index }) } },
        'drawer.reset': { actions: 'clearFiles' },
        'form.submit': { guard: 'canSubmit', target: 'uploading' },
      },
    },
    uploading: {
      tags: ['busy'],
      entry: assign({ loaded: 0 }),
      invoke: {
        src: 'upload',
        input: ({ context }) => ({ orderNumber: context.orderNumber, files: context.files }),
      },
      on: {
        'upload.progress': { actions: { type: 'setLoaded', params: ({ event }) => ({ loaded: event.loaded }) } },
        'upload.answer': [
          {
            guard: { type: 'isUploaded', params: ({ event }) => ({ answer: event.answer }) },
            target: 'editing',
            actions: ['clearFiles', { type: 'uploaded', params: ({ event }) => ({ count: event.answer.kind === 'uploaded' ? event.answer.count : 0 }) }],
          },
          {
            target: 'editing',
            actions: ['clearFiles', { type: 'failed', params: ({ event }) => ({ message: event.answer.kind === 'refused' ? event.answer.message : '' }) }],
          },
        ],
        // No answer at all: the HTTP adapter showed the network or timeout dialog.
        'upload.lost': { target: 'editing', actions: ['clearFiles', { type: 'failed', params: { message: '' } }] },
      },
    },
  },
});
