import { assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import type { Refused } from '../shared/refused';
import { emailChangeMachine } from './email-change.machine';
import type { Language } from './language';
import { isAvatarFile } from './profile-rules';

/** The caller's profile as the user centre shows it. */
export interface CentreProfile {
  userId: string;
  account: string;
  realName: string;
  email: string;
  mobile: string;
  /** Avatar path, '' for the default avatar. */
  avatarUrl: string;
  fullPathId: string;
  fullPathName: string;
  address: string;
}

export type ProfileAnswer = { kind: 'profile'; profile: CentreProfile } | Refused;
export type AvatarAnswer = { kind: 'uploaded'; url: string } | Refused;

/** A picked picture, as far as the rules need it (the browser's File). */
export interface PickedPicture {
  type: string;
  size: number;
}

/** What the avatar upload reports: the share sent (0 to 1), the answer, or that no answer came. */
export type AvatarUploadEvent = { type: 'avatar.progress'; share: number } | { type: 'avatar.answer'; answer: AvatarAnswer } | { type: 'avatar.lost' };

export interface UserCentrePageContext {
  /** Null until the first answer; kept while it reloads. */
  profile: CentreProfile | null;
  /** The share of the avatar sent while it uploads, 0 to 100. */
  avatarSent: number;
  /** The page's language: the profile's region is named in it. */
  language: Language;
}

export type UserCentrePageEvent =
  | { type: 'profile.reload' }
  | { type: 'language.change'; language: Language }
  | { type: 'email.open' }
  | { type: 'email.close' }
  | { type: 'avatar.pick'; file: PickedPicture }
  | AvatarUploadEvent;

/**
 * `/usercenter`'s own flow (spec 2) beside the machines of its cards: the profile (loaded, and
 * again after a save, an e-mail change or a new avatar), the change-email dialog with its machine,
 * and the avatar: a picture of the allowed types up to 2 MB is uploaded with its progress, anything
 * else is refused before it is sent.
 */
export const userCentrePageMachine = setup({
  types: {
    context: {} as UserCentrePageContext,
    events: {} as UserCentrePageEvent,
    input: {} as { language?: Language } | undefined,
    tags: {} as 'uploading',
    children: {} as { emailChange: 'emailChange' },
  },
  actors: {
    emailChange: emailChangeMachine,
    loadProfile: fromPromise<ProfileAnswer, { language: Language }>(async () => {
      throw new Error('userCentrePage: provide the loadProfile actor');
    }),
    uploadAvatar: fromCallback<AvatarUploadEvent, { file: PickedPicture }>(() => {
      throw new Error('userCentrePage: provide the uploadAvatar actor');
    }),
  },
  actions: {
    // The page's notices.
    emailChanged: () => {},
    avatarRefused: () => {},
    avatarDone: () => {},
    avatarFailed: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'userCentrePage',
  type: 'parallel',
  context: ({ input }) => ({ profile: null, avatarSent: 0, language: input?.language ?? 'zh' }),
  states: {
    profile: {
      initial: 'loading',
      on: {
        'profile.reload': '.loading',
        // The region's names are the page's language: a new language loads the profile again.
        'language.change': {
          guard: ({ context, event }) => event.language !== context.language,
          target: '.loading',
          actions: assign(({ event }) => ({ language: event.language })),
        },
      },
      states: {
        loading: {
          invoke: {
            src: 'loadProfile',
            input: ({ context }) => ({ language: context.language }),
            // A refusal or no answer keeps what is shown (the HTTP adapter told why).
            onDone: { target: 'ready', actions: assign(({ context, event }) => ({ profile: event.output.kind === 'profile' ? event.output.profile : context.profile })) },
            onError: 'ready',
          },
        },
        ready: {},
      },
    },
    email: {
      initial: 'closed',
      states: {
        closed: { on: { 'email.open': 'open' } },
        // The dialog is the e-mail change's own machine, alive while it is open; a change closes it.
        open: {
          invoke: {
            id: 'emailChange',
            src: 'emailChange',
            onSnapshot: {
              guard: ({ event }) => event.snapshot.matches({ form: 'changed' }),
              target: 'closed',
              actions: ['emailChanged', raise({ type: 'profile.reload' })],
            },
          },
          on: { 'email.close': 'closed' },
        },
      },
    },
    avatar: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'avatar.pick': [
              { guard: ({ event }) => !isAvatarFile(event.file), actions: 'avatarRefused' },
              { target: 'uploading', actions: assign({ avatarSent: 0 }) },
            ],
          },
        },
        uploading: {
          tags: ['uploading'],
          invoke: {
            src: 'uploadAvatar',
            input: ({ event }) => ({ file: event.type === 'avatar.pick' ? event.file : { type: '', size: 0 } }),
          },
          on: {
            'avatar.progress': { actions: assign(({ event }) => ({ avatarSent: Math.round(Math.min(1, Math.max(0, event.share)) * 100) })) },
            'avatar.answer': [
              { guard: ({ event }) => event.answer.kind === 'uploaded', target: 'idle', actions: ['avatarDone', raise({ type: 'profile.reload' })] },
              { target: 'idle', actions: { type: 'avatarFailed', params: ({ event }) => ({ message: (event.answer as Refused).message }) } },
            ],
            // No answer: the HTTP adapter showed its dialog.
            'avatar.lost': 'idle',
          },
        },
      },
    },
  },
});
