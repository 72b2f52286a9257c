import { isAbortError } from '../shared/abort';
import { assign, fromPromise, setup } from 'xstate';
import type { CamProductType, CamRelease, LatestReleaseAnswer } from './software-catalog';

/** What the releases actor is asked for. */
export interface ReleasesQuery {
  productType: CamProductType;
  lang: 'zh' | 'en';
}

export interface LatestReleaseContext {
  query: ReleasesQuery;
  release: CamRelease | null;
  /** The server's message when there is no release, its words when it refused; null otherwise. */
  message: string | null;
}

export type LatestReleaseEvent = { type: 'releases.reload'; lang?: 'zh' | 'en' };

/** One CAM card's latest release: load it through `loadReleases`, then show it, the "none" message, or a failure. */
export const latestReleaseMachine = setup({
  types: {
    context: {} as LatestReleaseContext,
    events: {} as LatestReleaseEvent,
    input: {} as ReleasesQuery,
  },
  actors: {
    loadReleases: fromPromise<LatestReleaseAnswer, ReleasesQuery>(async () => {
      throw new Error('loadReleases actor not provided');
    }),
  },
  guards: {
    isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error),
    hasRelease: (_, params: { answer: LatestReleaseAnswer }) => params.answer.kind === 'release',
    isEmpty: (_, params: { answer: LatestReleaseAnswer }) => params.answer.kind === 'none',
  },
  actions: {
    assignQuery: assign(({ context, event }) => ({
      query: { ...context.query, lang: event.type === 'releases.reload' && event.lang ? event.lang : context.query.lang },
    })),
    assignAnswer: assign((_, params: { answer: LatestReleaseAnswer }) =>
      params.answer.kind === 'release' ? { release: params.answer.release, message: null } : { release: null, message: params.answer.message },
    ),
    clearAnswer: assign({ release: null, message: null }),
  },
}).createMachine({
  id: 'latestRelease',
  context: ({ input }) => ({ query: input, release: null, message: null }),
  initial: 'loading',
  on: {
    'releases.reload': { target: '.loading', reenter: true, actions: 'assignQuery' },
  },
  states: {
    loading: {
      tags: ['busy'],
      entry: 'clearAnswer',
      invoke: {
        src: 'loadReleases',
        input: ({ context }) => context.query,
        onDone: [
          {
            guard: { type: 'hasRelease', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready',
            actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: 'isEmpty', params: ({ event }) => ({ answer: event.output }) },
            target: 'empty',
            actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'failed', actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) } },
        ],
        // No answer (network, timeout): the HTTP adapter already showed its dialog.
        onError: [{ guard: 'isAborted' }, { target: 'failed' }],
      },
    },
    ready: {},
    empty: {},
    failed: {},
  },
});
