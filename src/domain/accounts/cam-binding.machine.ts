import { assign, fromPromise, setup } from 'xstate';
import { CODE_COUNTDOWN_NAMES, codeCountdownStates, countDown, countdownFrom, isCodeSent, isLastSecond } from './code-countdown.states';
import {
  messageOfAnswer,
  validateCamBinding,
  validateCodeRequest,
  type AccountsRefusal,
  type CodeAnswer,
  type FormMessage,
} from './validation';

/** What binding sends: the new account with its password, the e-mail and the code mailed to it. */
export interface CamBindingRequest {
  account: string;
  password: string;
  email: string;
  code: string;
}

/** The binding's answer: bound, or refused (a wrong code, a wrong password, ...). */
export type CamBindAnswer = { kind: 'bound' } | AccountsRefusal;

export interface CamBindingInput {
  /** The account just registered and its password: binding proves them again. */
  account: string;
  password: string;
  /** The e-mail offered at first (the registration's own on the e-mail path). */
  email: string;
}

export interface CamBindingContext extends CamBindingInput {
  code: string;
  /** The trimmed e-mail the last code went to; null before any request. */
  codeSentTo: string | null;
  /** Seconds left before another code may be requested; never negative. */
  remaining: number;
  error: FormMessage | null;
}

export type CamBindingEvent =
  | { type: 'cam.change'; field: 'email' | 'code'; value: string }
  | { type: 'cam.requestCode' }
  | { type: 'cam.submit' };

/**
 * Binding an e-mail for CAM use after a Chinese registration (spec 1 section 4): a code to the
 * e-mail with the 60 s countdown (the e-mail is locked while it runs), then the binding with the
 * code; ends when bound. The registration machine invokes it and decides about skipping.
 */
export const camBindingMachine = setup({
  types: {
    context: {} as CamBindingContext,
    events: {} as CamBindingEvent,
    input: {} as CamBindingInput,
    tags: {} as 'busy' | 'counting',
  },
  actors: {
    requestCode: fromPromise<CodeAnswer, { email: string }>(async () => {
      throw new Error('requestCode actor not provided');
    }),
    bindEmail: fromPromise<CamBindAnswer, CamBindingRequest>(async () => {
      throw new Error('bindEmail actor not provided');
    }),
  },
  delays: {
    tick: 1000,
  },
  guards: {
    isFieldEditable: ({ context, event }) => event.type === 'cam.change' && !(event.field === 'email' && context.remaining > 0),
    isCodeRequestInvalid: ({ context }) => validateCodeRequest('email', context.email) !== null,
    isCodeSent,
    isLastSecond,
    isFormInvalid: ({ context }) => validateCamBinding(context) !== null,
    isBound: (_, params: { answer: CamBindAnswer }) => params.answer.kind === 'bound',
  },
  actions: {
    assignField: assign(({ context, event }) => (event.type === 'cam.change' ? { ...context, [event.field]: event.value } : context)),
    clearError: assign({ error: null }),
    assignCodeRequestError: assign({
      error: ({ context }) => {
        const key = validateCodeRequest('email', context.email);
        return key ? { key } : null;
      },
    }),
    assignValidationError: assign({
      error: ({ context }) => {
        const key = validateCamBinding(context);
        return key ? { key } : null;
      },
    }),
    startCountdown: assign(({ context }, params: { answer: CodeAnswer }) => countdownFrom(context.email.trim(), params.answer)),
    tick: assign({ remaining: ({ context }) => countDown(context.remaining) }),
    endCountdown: assign({ remaining: 0 }),
    assignServerError: assign((_, params: { answer: CodeAnswer | CamBindAnswer }) => ({ error: messageOfAnswer(params.answer) })),
  },
}).createMachine({
  id: 'camBinding',
  context: ({ input }) => ({ ...input, code: '', codeSentTo: null, remaining: 0, error: null }),
  initial: 'editing',
  states: {
    editing: {
      type: 'parallel',
      on: {
        'cam.change': { guard: 'isFieldEditable', actions: 'assignField' },
      },
      states: {
        code: {
          initial: 'idle',
          states: codeCountdownStates(
            { ...CODE_COUNTDOWN_NAMES, event: 'cam.requestCode' },
            ({ context }: { context: CamBindingContext }) => ({ email: context.email.trim() }),
          ),
        },
        submission: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'cam.submit': [
                  { guard: 'isFormInvalid', actions: 'assignValidationError' },
                  { target: 'binding', actions: 'clearError' },
                ],
              },
            },
            binding: {
              tags: ['busy'],
              invoke: {
                src: 'bindEmail',
                input: ({ context }) => ({
                  account: context.account,
                  password: context.password,
                  email: context.email.trim(),
                  code: context.code.trim(),
                }),
                onDone: [
                  { guard: { type: 'isBound', params: ({ event }) => ({ answer: event.output }) }, target: '#camBinding.bound' },
                  { target: 'idle', actions: { type: 'assignServerError', params: ({ event }) => ({ answer: event.output }) } },
                ],
                onError: { target: 'idle' },
              },
            },
          },
        },
      },
    },
    bound: { type: 'final' },
  },
});
