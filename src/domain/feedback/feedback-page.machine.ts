import { assign, forwardTo, fromPromise, sendTo, setup } from 'xstate';
import type { FormLanguage } from '../shared/form-submit.machine';
import type { Refused } from '../shared/refused';
import { createFeedbackFormMachine, type FeedbackValues } from './feedback-form.machine';
import { defaultExpectedDate, feedbackFileProblem, isFeedbackProduct, toChinaWire, type FileSlot } from './feedback-rules';

/** A file the user picked, as far as the rules need it (the browser's File). */
export interface PickedFile {
  name: string;
  size: number;
}

/** The profile fields the user form locks: the name and the contact it shows. */
export type FeedbackProfileAnswer = { kind: 'profile'; profile: { realName: string; account: string; mobile: string; email: string } } | Refused;
export type FeedbackFileAnswer = { kind: 'uploaded'; id: string; name: string } | Refused;

/** Why a slot holds no file after a pick: its type is not the product's, or the server refused it (its message). Shown in the form at the slot. */
export type FileSlotProblem = { kind: 'unsupported' } | { kind: 'refused'; message: string };

const NO_PROBLEMS: Record<FileSlot, FileSlotProblem | null> = { main: null, other: null };

export interface FeedbackPageInput {
  /** The product and version of the CAM form's address (`?Product=&Version=`), null when absent. */
  product?: string | null;
  version?: string | null;
  /** The user form fills its name and contact from the caller's profile (not when the page is leaving). */
  withProfile: boolean;
}

export interface FeedbackPageContext {
  /** The product chosen, mirrored from the form: it decides which files a slot takes. */
  product: string;
  /** The slot whose file is on its way. */
  uploading: FileSlot | null;
  /** Counts the forms sent: a new round starts a fresh steps editor. */
  round: number;
  /** The user form, on a page that stays: its name and contact come from the profile. */
  withProfile: boolean;
  /** The CAM address's version, the form's first value. */
  version: string;
  /** Each slot's last refused pick, until the slot is picked or emptied again or the product changes. */
  fileProblems: Record<FileSlot, FileSlotProblem | null>;
}

export type FeedbackPageEvent =
  | { type: 'form.change'; field: keyof FeedbackValues; value: string }
  | { type: 'form.submit'; lang?: FormLanguage }
  | { type: 'file.pick'; slot: FileSlot; file: PickedFile }
  | { type: 'file.remove'; slot: FileSlot };

/** Today plus 7 days as the date input's YYYY-MM-DD (China day), the expected date a form starts with. */
export const defaultExpectedDay = (now: Date) => toChinaWire(defaultExpectedDate(now)).slice(0, 10);

const fileFields = (slot: FileSlot) => (slot === 'main' ? (['mainFile', 'mainFileName'] as const) : (['otherFile', 'otherFileName'] as const));
const change = (field: keyof FeedbackValues, value: string) => ({ type: 'form.change' as const, field, value });
const productOf = (product: string) => {
  const id = Number(product);
  return product !== '' && isFeedbackProduct(id) ? id : null;
};

/**
 * A feedback page (spec 3 section 5: `/camReport` and `/userReport`) around its form: the form
 * starts with the expected date a week ahead (and the CAM address's product and version); the user
 * form takes the name and contact from the profile; a new product clears both file slots; a picked
 * file is checked against the product's types, then uploaded into its slot; a sent form says so
 * (`sent`) and starts again, keeping the user form's locked name and contact.
 */
export function createFeedbackPageMachine(form: 'cam' | 'user', now: () => Date = () => new Date()) {
  return setup({
    types: {
      context: {} as FeedbackPageContext,
      events: {} as FeedbackPageEvent,
      input: {} as FeedbackPageInput,
      children: {} as { form: 'form' },
    },
    actors: {
      form: createFeedbackFormMachine(form, now),
      loadProfile: fromPromise<FeedbackProfileAnswer>(async () => {
        throw new Error('feedbackPage: provide the loadProfile actor');
      }),
      uploadFile: fromPromise<FeedbackFileAnswer, { slot: FileSlot; file: PickedFile }>(async () => {
        throw new Error('feedbackPage: provide the uploadFile actor');
      }),
    },
    actions: {
      // The page's notices: the form went, a file of the wrong type, an upload refused.
      sent: () => {},
      unsupported: () => {},
      uploadFailed: (_, _params: { message: string }) => {},
    },
  }).createMachine({
    id: `${form}FeedbackPage`,
    type: 'parallel',
    context: ({ input }) => ({
      product: String(productOf(input.product ?? '') ?? ''),
      version: input.version ?? '',
      uploading: null,
      round: 0,
      withProfile: form === 'user' && input.withProfile,
      fileProblems: NO_PROBLEMS,
    }),
    invoke: {
      id: 'form',
      src: 'form',
      onSnapshot: {
        guard: ({ event }) => event.snapshot.value === 'submitted',
        actions: [
          'sent',
          sendTo('form', ({ event }) => {
            const { userName, phone } = event.snapshot.context.values;
            return { type: 'form.reset' as const, values: { expected: defaultExpectedDay(now()), ...(form === 'user' && { userName, phone }) } };
          }),
          assign(({ context }) => ({ product: '', round: context.round + 1, fileProblems: NO_PROBLEMS })),
        ],
      },
    },
    states: {
      editing: {
        // The form (the root's child, spawned before this entry) starts a week ahead, with the address's product and version.
        entry: sendTo('form', ({ context }) => ({
          type: 'form.reset' as const,
          values: { expected: defaultExpectedDay(now()), product: context.product, version: context.version },
        })),
        on: {
          'form.change': [
            {
              // A new product clears the files (spec 3 section 4): they were checked against the old one.
              guard: ({ event }) => event.field === 'product',
              actions: [
                forwardTo('form'),
                assign(({ event }) => ({ product: event.value, fileProblems: NO_PROBLEMS })),
                sendTo('form', change('mainFile', '')),
                sendTo('form', change('mainFileName', '')),
                sendTo('form', change('otherFile', '')),
                sendTo('form', change('otherFileName', '')),
              ],
            },
            { actions: forwardTo('form') },
          ],
          'form.submit': { actions: forwardTo('form') },
          'file.remove': {
            actions: [
              sendTo('form', ({ event }) => change(fileFields(event.slot)[0], '')),
              sendTo('form', ({ event }) => change(fileFields(event.slot)[1], '')),
              assign(({ context, event }) => ({ fileProblems: { ...context.fileProblems, [event.slot]: null } })),
            ],
          },
        },
      },
      profile: {
        initial: 'deciding',
        states: {
          deciding: {
            always: [{ guard: ({ context }) => context.withProfile, target: 'loading' }, { target: 'done' }],
          },
          loading: {
            invoke: {
              src: 'loadProfile',
              onDone: {
                target: 'done',
                actions: [
                  sendTo('form', ({ event }) => change('userName', event.output.kind === 'profile' ? event.output.profile.realName || event.output.profile.account : '')),
                  sendTo('form', ({ event }) => change('phone', event.output.kind === 'profile' ? event.output.profile.mobile || event.output.profile.email : '')),
                ],
              },
              onError: 'done',
            },
          },
          done: {},
        },
      },
      upload: {
        initial: 'idle',
        states: {
          idle: {
            entry: assign({ uploading: null }),
            on: {
              'file.pick': [
                // No product yet: the slot's button is disabled, nothing to check the file against.
                { guard: ({ context }) => productOf(context.product) === null },
                {
                  guard: ({ context, event }) => feedbackFileProblem(event.file.name, event.slot, productOf(context.product)!) !== null,
                  actions: ['unsupported', assign(({ context, event }) => ({ fileProblems: { ...context.fileProblems, [event.slot]: { kind: 'unsupported' as const } } }))],
                },
                { target: 'sending', actions: assign(({ context, event }) => ({ uploading: event.slot, fileProblems: { ...context.fileProblems, [event.slot]: null } })) },
              ],
            },
          },
          sending: {
            invoke: {
              src: 'uploadFile',
              input: ({ event }) => (event.type === 'file.pick' ? { slot: event.slot, file: event.file } : (undefined as never)),
              onDone: [
                {
                  guard: ({ event }) => event.output.kind === 'uploaded',
                  target: 'idle',
                  actions: [
                    sendTo('form', ({ context, event }) => change(fileFields(context.uploading!)[0], (event.output as { id: string }).id)),
                    sendTo('form', ({ context, event }) => change(fileFields(context.uploading!)[1], (event.output as { name: string }).name)),
                  ],
                },
                {
                  // The refusal (a 415 for a .STEP that is no STEP, say) stays in the form at its slot, beside the notice.
                  target: 'idle',
                  actions: [
                    { type: 'uploadFailed', params: ({ event }) => ({ message: (event.output as Refused).message }) },
                    assign(({ context, event }) => ({ fileProblems: { ...context.fileProblems, [context.uploading!]: { kind: 'refused' as const, message: (event.output as Refused).message } } })),
                  ],
                },
              ],
              // No answer: the HTTP adapter showed its dialog.
              onError: 'idle',
            },
          },
        },
      },
    },
  });
}

export type FeedbackPageMachine = ReturnType<typeof createFeedbackPageMachine>;
