import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { CallAnswer } from '../shared/call-answer';
import type { Refused } from '../shared/refused';
import { isSiteVideoId, SITE_VIDEO_IDS, siteVideoFileProblem, type SiteVideoFileProblem } from '../shared/site-videos';

/**
 * The console's videos tab (`Staff/GetSiteVideos`, `Staff/ReplaceSiteVideo`): the 18 site videos
 * with the file each plays, and replacing one with an upload whose progress grows as the bytes
 * leave the browser.
 */

/** A site video as the console shows it. */
export interface SiteVideo {
  videoId: string;
  /** False while the committed file plays. */
  replaced: boolean;
  /** What the page plays. */
  url: string;
  size: number;
  type: string;
  fileName: string;
  replacedBy: string;
  replacedAt: string;
}

/** The browser's File: only name and size are read here. */
export interface VideoFile {
  readonly name: string;
  readonly size: number;
}

export type SiteVideoProblem = 'staff.videos.error.file' | `staff.videos.error.${SiteVideoFileProblem}`;

/** What is wrong with the file chosen (the same rule as the server's, by name and size). */
export function videoFileProblem(file: VideoFile | null): SiteVideoProblem | null {
  if (!file) return 'staff.videos.error.file';
  const problem = siteVideoFileProblem(file);
  return problem ? `staff.videos.error.${problem}` : null;
}

export type SiteVideosAnswer = CallAnswer<SiteVideo[], 'staffOnly'>;
export type ReplaceAnswer = { kind: 'replaced'; video: SiteVideo } | { kind: 'forbidden' } | { kind: 'notAVideo' } | { kind: 'tooLarge' } | Refused;
export type ReplaceActorEvent = { type: 'upload.progress'; loaded: number } | { type: 'upload.answer'; answer: ReplaceAnswer } | { type: 'upload.lost' };

export interface SiteVideosContext<F extends VideoFile = VideoFile> {
  videos: SiteVideo[];
  /** The video the form replaces. */
  videoId: string;
  file: F | null;
  /** Bytes of the file sent, while uploading (never more than the file, never going back). */
  loaded: number;
  problem: SiteVideoProblem | null;
  /** The server's refusal of the last load or upload ('' for none). */
  message: string;
  /** The video replaced last here ('' before the first). */
  replaced: string;
}

export type SiteVideosEvent<F extends VideoFile = VideoFile> =
  | { type: 'video.choose'; videoId: string }
  | { type: 'file.choose'; file: F | null }
  | { type: 'form.submit' }
  | { type: 'list.reload' }
  | ReplaceActorEvent;

/** The refusals of an upload the form words itself; others show the server's message. */
const PROBLEM_OF: Partial<Record<ReplaceAnswer['kind'], SiteVideoProblem>> = { notAVideo: 'staff.videos.error.notAVideo', tooLarge: 'staff.videos.error.tooLarge' };

/**
 * The tab: the list loads (staff only), then a file the rule refuses is never sent; while
 * uploading the form is fixed and the progress only grows; a replacement takes its row's place in
 * the list and clears the file; a refusal keeps the form and says why; no answer keeps it too.
 */
export const siteVideosMachine = setup({
  types: {} as { context: SiteVideosContext; events: SiteVideosEvent; tags: 'busy' },
  actors: {
    load: fromPromise<SiteVideosAnswer>(async () => {
      throw new Error('siteVideosMachine: provide the load actor');
    }),
    upload: fromCallback<ReplaceActorEvent, { videoId: string; file: VideoFile }>(() => {
      throw new Error('siteVideosMachine: provide the upload actor');
    }),
  },
  guards: {
    hasFileProblem: ({ context }) => videoFileProblem(context.file) !== null,
  },
}).createMachine({
  id: 'siteVideos',
  context: { videos: [], videoId: SITE_VIDEO_IDS[0]!, file: null, loaded: 0, problem: null, message: '', replaced: '' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: [
          { guard: ({ event }) => event.output.kind === 'done', target: 'ready', actions: assign(({ event }) => ({ videos: event.output.kind === 'done' ? event.output.data : [], message: '' })) },
          { guard: ({ event }) => event.output.kind === 'staffOnly', target: 'forbidden' },
          { target: 'failed', actions: assign(({ event }) => ({ message: event.output.kind === 'refused' ? event.output.message : '' })) },
        ],
        onError: { target: 'failed', actions: assign({ message: '' }) },
      },
    },
    failed: { on: { 'list.reload': 'loading' } },
    forbidden: {},
    ready: {
      on: {
        'video.choose': { guard: ({ event }) => isSiteVideoId(event.videoId), actions: assign(({ event }) => ({ videoId: event.videoId, replaced: '', message: '' })) },
        'file.choose': { actions: assign(({ context, event }) => ({ file: event.file, replaced: '', message: '', problem: context.problem === null ? null : videoFileProblem(event.file) })) },
        'form.submit': [
          { guard: 'hasFileProblem', actions: assign(({ context }) => ({ problem: videoFileProblem(context.file) })) },
          { target: 'uploading', actions: assign({ problem: null, message: '', replaced: '' }) },
        ],
      },
    },
    uploading: {
      tags: ['busy'],
      entry: assign({ loaded: 0 }),
      invoke: { src: 'upload', input: ({ context }) => ({ videoId: context.videoId, file: context.file! }) },
      on: {
        'upload.progress': { actions: assign(({ context, event }) => ({ loaded: Math.max(context.loaded, Math.min(context.file?.size ?? 0, Math.max(0, event.loaded))) })) },
        'upload.answer': [
          {
            guard: ({ event }) => event.answer.kind === 'replaced',
            target: 'ready',
            actions: assign(({ context, event }) => {
              const video = (event.answer as { video: SiteVideo }).video;
              return { videos: context.videos.map((v) => (v.videoId === video.videoId ? video : v)), replaced: video.videoId, file: null, loaded: 0 };
            }),
          },
          { guard: ({ event }) => event.answer.kind === 'forbidden', target: 'forbidden' },
          {
            target: 'ready',
            actions: assign(({ event }) => ({
              loaded: 0,
              problem: PROBLEM_OF[event.answer.kind] ?? null,
              message: event.answer.kind === 'refused' ? event.answer.message : '',
            })),
          },
        ],
        'upload.lost': { target: 'ready', actions: assign({ loaded: 0, message: '' }) },
      },
    },
  },
});
