import { assign, fromPromise, not, setup } from 'xstate';
import {
  canSubmitReset,
  messageOfAnswer,
  validatePasswordReset,
  validateResetCodeRequest,
  type AccountsRefusal,
  type CodeAnswer,
  type CodeChannel,
  type FormMessage,
  type PasswordResetInput,
} from './validation';
import { CODE_COUNTDOWN_NAMES, codeCountdownStates, countDown, countdownFrom, isCodeSent, isLastSecond } from './code-countdown.states';

export type PasswordResetField = 'account' | 'code' | 'password' | 'confirmation';

export interface PasswordResetContext {
  account: string;
  code: string;
  password: string;
  confirmation: string;
  /** The trimmed account the last code was sent to; null before any request. */
  codeSentTo: string | null;
  /** Seconds left before another code may be requested; never negative. */
  remaining: number;
  error: FormMessage | null;
}

export type PasswordResetEvent =
  | { type: 'form.change'; field: PasswordResetField; value: string }
  | { type: 'code.request' }
  | { type: 'form.submit' };

/** What the reset sends: the account, the code it received, the new password twice. */
export type PasswordResetRequest = Omit<PasswordResetInput, 'codeSentTo'>;

/** The reset's answer: done, or refused (a wrong code, an unknown account, ...). */
export type ResetAnswer = { kind: 'reset' } | AccountsRefusal;

/**
 * Password reset (spec 1 sections 4 and 5): a code to the account's e-mail or phone with a
 * 60 s countdown, then PasswordReset with the code, checked by the server.
 */
export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    tags: {} as 'busy' | 'counting',
  },
  actors: {
    requestCode: fromPromise<CodeAnswer, { channel: CodeChannel; account: string }>(async () => {
      throw new Error('requestCode actor not provided');
    }),
    resetPassword: fromPromise<ResetAnswer, PasswordResetRequest>(async () => {
      throw new Error('resetPassword actor not provided');
    }),
  },
  delays: {
    tick: 1000,
  },
  guards: {
    isCodeRequestInvalid: ({ context }) => 'error' in validateResetCodeRequest(context.account),
    isCodeSent,
    isLastSecond,
    hasSubmittableFields: ({ context }) => canSubmitReset(context),
    isFormInvalid: ({ context }) => validatePasswordReset(context) !== null,
    isReset: (_, params: { answer: ResetAnswer }) => params.answer.kind === 'reset',
  },
  actions: {
    assignField: assign(({ context, event }) =>
      event.type === 'form.change' ? { ...context, [event.field]: event.value } : context,
    ),
    clearError: assign({ error: null }),
    assignCodeRequestError: assign({
      error: ({ context }) => {
        const verdict = validateResetCodeRequest(context.account);
        return 'error' in verdict ? { key: verdict.error } : null;
      },
    }),
    startCountdown: assign(({ context }, params: { answer: CodeAnswer }) => countdownFrom(context.account.trim(), params.answer)),
    tick: assign({ remaining: ({ context }) => countDown(context.remaining) }),
    endCountdown: assign({ remaining: 0 }),
    assignValidationError: assign({
      error: ({ context }) => {
        const key = validatePasswordReset(context);
        return key ? { key } : null;
      },
    }),
    assignServerError: assign((_, params: { answer: CodeAnswer | ResetAnswer }) => ({ error: messageOfAnswer(params.answer) })),
  },
}).createMachine({
  id: 'passwordReset',
  context: { account: '', code: '', password: '', confirmation: '', codeSentTo: null, remaining: 0, error: null },
  initial: 'editing',
  states: {
    editing: {
      type: 'parallel',
      on: {
        'form.change': { actions: 'assignField' },
      },
      states: {
        code: {
          initial: 'idle',
          // "No code received" help is offered in `ended`, once the countdown is over.
          states: codeCountdownStates(
            CODE_COUNTDOWN_NAMES,
            ({ context }: { context: PasswordResetContext }) => {
              const verdict = validateResetCodeRequest(context.account);
              return { channel: 'channel' in verdict ? verdict.channel : 'email', account: context.account.trim() } as const;
            },
          ),
        },
        submission: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'form.submit': [
                  // The button is disabled until account and code are filled; ignore a stray event.
                  { guard: not('hasSubmittableFields') },
                  { guard: 'isFormInvalid', actions: 'assignValidationError' },
                  { target: 'submitting', actions: 'clearError' },
                ],
              },
            },
            submitting: {
              tags: ['busy'],
              invoke: {
                src: 'resetPassword',
                input: ({ context }) => ({
                  account: context.account.trim(),
                  code: context.code.trim(),
                  password: context.password,
                  confirmation: context.confirmation,
                }),
                onDone: [
                  {
                    guard: { type: 'isReset', params: ({ event }) => ({ answer: event.output }) },
                    target: '#passwordReset.done',
                  },
                  {
                    target: 'idle',
                    actions: { type: 'assignServerError', params: ({ event }) => ({ answer: event.output }) },
                  },
                ],
                onError: { target: 'idle' },
              },
            },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});
