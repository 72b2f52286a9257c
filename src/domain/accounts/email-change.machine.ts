import { assign, fromPromise, raise, setup } from 'xstate';
import type { Refused } from '../shared/refused';
import { contactProblem } from './account-rules';
import { countDown, isLastSecond, lockCountdownRegion } from './code-countdown.states';

export type EmailCodeAnswer = { kind: 'sent'; waitSeconds: number } | { kind: 'taken' } | Refused;
export type EmailChangeAnswer = { kind: 'changed'; email: string } | Refused;

/** Message keys of the dialog (spec 2 section 5). */
export type EmailChangeProblem = 'register.emailEmpty' | 'register.emailErr' | 'register.emailDuplicate' | 'register.codeEmpty';

export interface EmailChangeContext {
  email: string;
  code: string;
  /** Seconds left before another code may be asked for; the e-mail field is locked while above 0. */
  remaining: number;
  problem: EmailChangeProblem | null;
  serverError: string;
}

export type EmailChangeEvent =
  | { type: 'email.change'; value: string }
  | { type: 'code.change'; value: string }
  | { type: 'code.request' }
  | { type: 'form.submit' }
  | { type: 'dialog.close' }
  /** Internal: the code went out, the countdown starts. */
  | { type: 'code.sent' };

const FRESH: EmailChangeContext = { email: '', code: '', remaining: 0, problem: null, serverError: '' };

const emailProblemOf = (email: string): EmailChangeProblem | null => {
  const p = contactProblem('email', email);
  return p === 'contactRequired' ? 'register.emailEmpty' : p ? 'register.emailErr' : null;
};

/**
 * The change-email dialog (spec 2 sections 4 and 5): a code to a free address locks the field and
 * counts 60 s down; the code is checked by the server only (`submit`); closing resets everything.
 */
export const emailChangeMachine = setup({
  types: { context: {} as EmailChangeContext, events: {} as EmailChangeEvent },
  actors: {
    requestCode: fromPromise<EmailCodeAnswer, { email: string }>(async () => {
      throw new Error('emailChange: requestCode not provided');
    }),
    submit: fromPromise<EmailChangeAnswer, { email: string; code: string }>(async () => {
      throw new Error('emailChange: submit not provided');
    }),
  },
  delays: { second: 1000 },
  guards: {
    isLastSecond,
    isLocked: ({ context }) => context.remaining > 0,
    isEmailInvalid: ({ context }) => emailProblemOf(context.email) !== null,
    isCodeEmpty: ({ context }) => context.code.trim() === '',
  },
  actions: {
    reset: assign(() => FRESH),
    tickCountdown: assign(({ context }) => ({ remaining: countDown(context.remaining) })),
    endCountdown: assign({ remaining: 0 }),
  },
}).createMachine({
  id: 'emailChange',
  context: FRESH,
  type: 'parallel',
  states: {
    countdown: { ...lockCountdownRegion, on: { ...lockCountdownRegion.on, 'dialog.close': { target: '.idle' } } },
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'email.change': { guard: ({ context }) => context.remaining === 0, actions: assign(({ event }) => ({ email: event.value, problem: null, serverError: '' })) },
            'code.change': { actions: assign(({ event }) => ({ code: event.value, serverError: '' })) },
            'code.request': [
              { guard: 'isLocked' },
              { guard: 'isEmailInvalid', actions: assign(({ context }) => ({ problem: emailProblemOf(context.email) })) },
              { target: 'requesting' },
            ],
            'form.submit': [
              { guard: 'isEmailInvalid', actions: assign(({ context }) => ({ problem: emailProblemOf(context.email) })) },
              { guard: 'isCodeEmpty', actions: assign({ problem: 'register.codeEmpty' as const }) },
              { target: 'submitting' },
            ],
          },
        },
        requesting: {
          tags: ['busy'],
          invoke: {
            src: 'requestCode',
            input: ({ context }) => ({ email: context.email.trim() }),
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'sent',
                target: 'editing',
                actions: [
                  assign(({ event }) => ({ remaining: event.output.kind === 'sent' ? Math.max(0, Math.round(event.output.waitSeconds)) : 0, problem: null, serverError: '' })),
                  raise({ type: 'code.sent' }),
                ],
              },
              { guard: ({ event }) => event.output.kind === 'taken', target: 'editing', actions: assign({ problem: 'register.emailDuplicate' as const }) },
              { target: 'editing', actions: assign(({ event }) => ({ serverError: event.output.kind === 'refused' ? event.output.message : '' })) },
            ],
            onError: { target: 'editing' },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            src: 'submit',
            input: ({ context }) => ({ email: context.email.trim(), code: context.code.trim() }),
            onDone: [
              { guard: ({ event }) => event.output.kind === 'changed', target: 'changed' },
              { target: 'editing', actions: assign(({ event }) => ({ serverError: event.output.kind === 'refused' ? event.output.message : '' })) },
            ],
            onError: { target: 'editing' },
          },
        },
        changed: {},
      },
      on: { 'dialog.close': { target: '.editing', actions: 'reset' } },
    },
  },
});
