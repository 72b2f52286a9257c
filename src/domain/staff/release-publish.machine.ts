import { assign, fromCallback, setup } from 'xstate';
import type { Refused } from '../shared/refused';

/**
 * Publishing a CAM release from the staff console (`Cam/PublishRelease`, multipart): the fields, one
 * file, and an upload whose progress grows as the bytes leave the browser.
 */

/** The CAM products a release is published for (`ProductType`, DECISIONS 3). */
export const RELEASE_PRODUCT_TYPES = ['0', '1', '2', '3', '4'] as const;
export const RELEASE_VERSION_MAX_LENGTH = 50;

/** What is wrong with a release's version: empty, or too long / with control characters. The server says the same (CamService.checkRelease). */
export function releaseVersionProblem(version: string): 'empty' | 'bad' | null {
  const text = version.trim();
  if (!text) return 'empty';
  // eslint-disable-next-line no-control-regex
  if (text.length > RELEASE_VERSION_MAX_LENGTH || /[\u0000-\u001f\u007f]/.test(text)) return 'bad';
  return null;
}

export interface ReleaseDraft {
  productType: string;
  version: string;
  remark: string;
  remarkEn: string;
}

/** The browser's File: only name and size are read here. */
export interface ReleaseFile {
  readonly name: string;
  readonly size: number;
}

export type ReleaseProblem = 'staff.releases.error.product' | 'staff.releases.error.version' | 'staff.releases.error.versionBad' | 'staff.releases.error.file';

export function releaseDraftProblem(draft: ReleaseDraft, file: ReleaseFile | null): ReleaseProblem | null {
  if (!(RELEASE_PRODUCT_TYPES as readonly string[]).includes(draft.productType)) return 'staff.releases.error.product';
  const version = releaseVersionProblem(draft.version);
  if (version === 'empty') return 'staff.releases.error.version';
  if (version === 'bad') return 'staff.releases.error.versionBad';
  if (!file || file.size === 0) return 'staff.releases.error.file';
  return null;
}

export type PublishAnswer = { kind: 'published'; version: string } | { kind: 'forbidden' } | Refused;
export type PublishActorEvent = { type: 'upload.progress'; loaded: number } | { type: 'upload.answer'; answer: PublishAnswer } | { type: 'upload.lost' };

export interface ReleasePublishContext<F extends ReleaseFile = ReleaseFile> {
  draft: ReleaseDraft;
  file: F | null;
  /** Bytes of the file sent, while uploading (never more than the file, never going back). */
  loaded: number;
  problem: ReleaseProblem | null;
  /** The server's refusal of the last upload ('' for none). */
  message: string;
  /** The version of the last release published here ('' before the first). */
  published: string;
}

export type ReleasePublishEvent<F extends ReleaseFile = ReleaseFile> =
  | { type: 'edit'; draft: ReleaseDraft }
  | { type: 'file'; file: F | null }
  | { type: 'submit' }
  | PublishActorEvent;

export const EMPTY_RELEASE: ReleaseDraft = { productType: '1', version: '', remark: '', remarkEn: '' };

/**
 * The publish form: a draft the rule refuses is never sent; while uploading the form is fixed and
 * the progress only grows; published clears the form and remembers the version; a refusal keeps
 * the form with the server's message; no answer (the adapter showed its dialog) keeps it too.
 */
export const releasePublishMachine = setup({
  types: {} as { context: ReleasePublishContext; events: ReleasePublishEvent; tags: 'busy' },
  actors: {
    upload: fromCallback<PublishActorEvent, { draft: ReleaseDraft; file: ReleaseFile }>(() => {
      throw new Error('releasePublishMachine: provide the upload actor');
    }),
  },
}).createMachine({
  id: 'releasePublish',
  context: { draft: EMPTY_RELEASE, file: null, loaded: 0, problem: null, message: '', published: '' },
  initial: 'editing',
  states: {
    editing: {
      on: {
        edit: { actions: assign(({ context, event }) => ({ draft: event.draft, problem: context.problem === null ? null : releaseDraftProblem(event.draft, context.file) })) },
        file: { actions: assign(({ context, event }) => ({ file: event.file, problem: context.problem === null ? null : releaseDraftProblem(context.draft, event.file) })) },
        submit: [
          { guard: ({ context }) => releaseDraftProblem(context.draft, context.file) !== null, actions: assign(({ context }) => ({ problem: releaseDraftProblem(context.draft, context.file) })) },
          { target: 'uploading', actions: assign({ problem: null, message: '' }) },
        ],
      },
    },
    uploading: {
      tags: ['busy'],
      entry: assign({ loaded: 0 }),
      invoke: { src: 'upload', input: ({ context }) => ({ draft: context.draft, file: context.file! }) },
      on: {
        'upload.progress': { actions: assign(({ context, event }) => ({ loaded: Math.max(context.loaded, Math.min(context.file?.size ?? 0, Math.max(0, event.loaded))) })) },
        'upload.answer': [
          {
            guard: ({ event }) => event.answer.kind === 'published',
            target: 'editing',
            actions: assign(({ context, event }) => ({
              published: event.answer.kind === 'published' ? event.answer.version : '',
              draft: { ...EMPTY_RELEASE, productType: context.draft.productType },
              file: null,
              loaded: 0,
            })),
          },
          { target: 'editing', actions: assign(({ event }) => ({ loaded: 0, message: event.answer.kind === 'refused' ? event.answer.message : event.answer.kind === 'forbidden' ? 'forbidden' : '' })) },
        ],
        'upload.lost': { target: 'editing', actions: assign({ loaded: 0, message: '' }) },
      },
    },
  },
});
