import { assign, fromPromise, not, setup } from 'xstate';
import type { Envelope } from '../shared/envelope';
import {
  canSubmitReset,
  messageFromServer,
  resendSeconds,
  validatePasswordReset,
  validateResetCodeRequest,
  type CodeChannel,
  type FormMessage,
} from './validation';
import { CODE_COUNTDOWN_NAMES, codeCountdownStates, countDown } from './code-countdown.states';

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

export interface PasswordResetRequest {
  Account: string;
  Code: string;
  Password: string;
  ConfirmPassword: string;
}

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
    requestCode: fromPromise<Envelope<number>, { channel: CodeChannel; account: string }>(async () => {
      throw new Error('requestCode actor not provided');
    }),
    resetPassword: fromPromise<Envelope<unknown>, PasswordResetRequest>(async () => {
      throw new Error('resetPassword actor not provided');
    }),
  },
  delays: {
    tick: 1000,
  },
  guards: {
    isCodeRequestInvalid: ({ context }) => 'error' in validateResetCodeRequest(context.account),
    isCodeSent: (_, params: { result: Envelope<number> }) => params.result.code === 200,
    isLastSecond: ({ context }) => context.remaining <= 1,
    hasSubmittableFields: ({ context }) => canSubmitReset(context),
    isFormInvalid: ({ context }) => validatePasswordReset(context) !== null,
    isReset: (_, params: { result: Envelope<unknown> }) => params.result.code === 200,
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
    startCountdown: assign(({ context }, params: { result: Envelope<number> }) => ({
      codeSentTo: context.account.trim(),
      remaining: resendSeconds(params.result.ReturnData),
    })),
    tick: assign({ remaining: ({ context }) => countDown(context.remaining) }),
    endCountdown: assign({ remaining: 0 }),
    assignValidationError: assign({
      error: ({ context }) => {
        const key = validatePasswordReset(context);
        return key ? { key } : null;
      },
    }),
    assignServerError: assign((_, params: { info: string }) => ({ error: messageFromServer(params.info) })),
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
                  Account: context.account.trim(),
                  Code: context.code.trim(),
                  Password: context.password,
                  ConfirmPassword: context.confirmation,
                }),
                onDone: [
                  {
                    guard: { type: 'isReset', params: ({ event }) => ({ result: event.output }) },
                    target: '#passwordReset.done',
                  },
                  {
                    target: 'idle',
                    actions: { type: 'assignServerError', params: ({ event }) => ({ info: event.output.info }) },
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
