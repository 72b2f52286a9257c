import { isAbortError } from '../shared/abort';
import { assign, fromPromise, setup } from 'xstate';
import type { Refused } from '../shared/refused';
import type { CamProductType, CamRelease, LatestReleaseAnswer } from './software-catalog';

export interface ReleaseQuery {
  productType: CamProductType;
  lang: 'zh' | 'en';
}

export interface DownloadRecord {
  /** The release id (`CamEdition`). */
  camEdition: CamRelease['id'];
  /** Visitors record with `AllowInsertDownload`, users with `InsertDownload`. */
  isVisitor: boolean;
}

/** Recording a download: recorded (the file may open), or refused with the server's words. */
export type DownloadAnswer = { kind: 'recorded' } | Refused;

export interface SoftwareDownloadInput extends ReleaseQuery {
  isVisitor: boolean;
}

export interface SoftwareDownloadContext extends SoftwareDownloadInput {
  release: CamRelease | null;
  /** The server's message when there is no release (or its words when it refused). */
  emptyMessage: string;
  /** The server's refusal of the last download record. */
  downloadError: string;
}

export type SoftwareDownloadEvent =
  | { type: 'download.start' }
  | { type: 'release.reload'; lang?: 'zh' | 'en' };

/** A software download page: the latest release of one product, and a download that is recorded before the file opens. */
export const softwareDownloadMachine = setup({
  types: {
    context: {} as SoftwareDownloadContext,
    events: {} as SoftwareDownloadEvent,
    input: {} as SoftwareDownloadInput,
  },
  actors: {
    loadReleases: fromPromise<LatestReleaseAnswer, ReleaseQuery>(async () => {
      throw new Error('loadReleases actor not provided');
    }),
    recordDownload: fromPromise<DownloadAnswer, DownloadRecord>(async () => {
      throw new Error('recordDownload actor not provided');
    }),
  },
  guards: {
    isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error),
    hasRelease: (_, params: { answer: LatestReleaseAnswer }) => params.answer.kind === 'release',
    isRecorded: (_, params: { answer: DownloadAnswer }) => params.answer.kind === 'recorded',
  },
  actions: {
    assignRelease: assign((_, params: { answer: LatestReleaseAnswer }) => ({
      release: params.answer.kind === 'release' ? params.answer.release : null,
      emptyMessage: '',
    })),
    // A refusal shows as "no release" too, with the server's words.
    assignEmpty: assign((_, params: { answer: LatestReleaseAnswer }) => ({
      release: null,
      emptyMessage: params.answer.kind === 'release' ? '' : params.answer.message,
    })),
    assignLang: assign(({ context, event }) => (event.type === 'release.reload' && event.lang ? { lang: event.lang } : { lang: context.lang })),
    clearDownloadError: assign({ downloadError: '' }),
    assignDownloadError: assign((_, params: { message: string }) => ({ downloadError: params.message })),
    /** Opens the file; the composition (the screen) provides the navigation. */
    openFile: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'softwareDownload',
  context: ({ input }) => ({ ...input, release: null, emptyMessage: '', downloadError: '' }),
  initial: 'loading',
  on: {
    'release.reload': { target: '.loading', actions: 'assignLang' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadReleases',
        input: ({ context }) => ({ productType: context.productType, lang: context.lang }),
        onDone: [
          {
            guard: { type: 'hasRelease', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready',
            actions: { type: 'assignRelease', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'empty', actions: { type: 'assignEmpty', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: [{ guard: 'isAborted' }, { target: 'failed' }],
      },
    },
    ready: {
      on: { 'download.start': { target: 'recording', actions: 'clearDownloadError' } },
    },
    recording: {
      tags: ['downloading'],
      invoke: {
        src: 'recordDownload',
        input: ({ context }) => ({ camEdition: context.release!.id, isVisitor: context.isVisitor }),
        onDone: [
          {
            guard: { type: 'isRecorded', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready',
            actions: { type: 'openFile', params: ({ context }) => ({ url: context.release!.fileurl }) },
          },
          {
            target: 'ready',
            actions: { type: 'assignDownloadError', params: ({ event }) => ({ message: event.output.kind === 'refused' ? event.output.message : '' }) },
          },
        ],
        // No answer: the HTTP adapter already showed the network or timeout dialog.
        onError: { target: 'ready' },
      },
    },
    empty: {},
    failed: {},
  },
});
