import { isAbortError } from '../shared/abort';
import { assign, fromPromise, setup } from 'xstate';
import type { Envelope } from '../shared/envelope';
import type { CamProductType, CamRelease } from './software-catalog';

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

export interface SoftwareDownloadInput extends ReleaseQuery {
  isVisitor: boolean;
}

export interface SoftwareDownloadContext extends SoftwareDownloadInput {
  release: CamRelease | null;
  /** The server's `ReturnMsg` (or `info`) when there is no release. */
  emptyMessage: string;
  /** The server's refusal of the last download record. */
  downloadError: string;
}

export type SoftwareDownloadEvent =
  | { type: 'download.start' }
  | { type: 'release.reload'; lang?: 'zh' | 'en' };

const firstRelease = (answer: Envelope<CamRelease[] | string>): CamRelease | null =>
  answer.code === 200 && Array.isArray(answer.ReturnData) && answer.ReturnData.length > 0 ? answer.ReturnData[0] : null;

/** A software download page: the latest release of one product, and a download that is recorded before the file opens. */
export const softwareDownloadMachine = setup({
  types: {
    context: {} as SoftwareDownloadContext,
    events: {} as SoftwareDownloadEvent,
    input: {} as SoftwareDownloadInput,
  },
  actors: {
    loadReleases: fromPromise<Envelope<CamRelease[] | string>, ReleaseQuery>(async () => {
      throw new Error('loadReleases actor not provided');
    }),
    recordDownload: fromPromise<Envelope<unknown>, DownloadRecord>(async () => {
      throw new Error('recordDownload actor not provided');
    }),
  },
  guards: {
    isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error),
    hasRelease: (_, params: { answer: Envelope<CamRelease[] | string> }) => firstRelease(params.answer) !== null,
    isRecorded: (_, params: { answer: Envelope<unknown> }) => params.answer.code === 200,
  },
  actions: {
    assignRelease: assign((_, params: { answer: Envelope<CamRelease[] | string> }) => ({
      release: firstRelease(params.answer),
      emptyMessage: '',
    })),
    assignEmpty: assign((_, params: { answer: Envelope<CamRelease[] | string> }) => ({
      release: null,
      emptyMessage:
        params.answer.ReturnMsg || (typeof params.answer.ReturnData === 'string' ? params.answer.ReturnData : '') || params.answer.info || '',
    })),
    assignLang: assign(({ context, event }) => (event.type === 'release.reload' && event.lang ? { lang: event.lang } : { lang: context.lang })),
    clearDownloadError: assign({ downloadError: '' }),
    assignDownloadError: assign((_, params: { info: string }) => ({ downloadError: params.info })),
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
          { target: 'ready', actions: { type: 'assignDownloadError', params: ({ event }) => ({ info: event.output.info }) } },
        ],
        // No envelope: the HTTP adapter already showed the network or timeout dialog.
        onError: { target: 'ready' },
      },
    },
    empty: {},
    failed: {},
  },
});
