import { assign, fromPromise, setup } from 'xstate';
import { messageOfAnswer, validateLogin, type AccountsRefusal, type FormMessage, type LoginInput } from './validation';

/** What a successful login answers: the stored `user` (spec 1 section 3). */
export interface SessionUser {
  UserId: string;
  Token: string;
  Url?: string;
  [field: string]: unknown;
}

/** Login's answer: signed in with the user to store, or refused. */
export type LoginAnswer = { kind: 'signed-in'; user: SessionUser } | AccountsRefusal;

export interface LoginContext {
  account: string;
  password: string;
  error: FormMessage | null;
  user: SessionUser | null;
}

export type LoginField = 'account' | 'password';

export type LoginEvent = { type: 'form.change'; field: LoginField; value: string } | { type: 'form.submit' };

/** Login flow: validate the form, log in, end with the user or an inline message. */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    output: {} as { user: SessionUser },
  },
  actors: {
    login: fromPromise<LoginAnswer, LoginInput>(async () => {
      throw new Error('login actor not provided');
    }),
  },
  guards: {
    isFormInvalid: ({ context }) => validateLogin(context) !== null,
    isSignedIn: (_, params: { answer: LoginAnswer }) => params.answer.kind === 'signed-in',
  },
  actions: {
    assignField: assign(({ context, event }) =>
      event.type === 'form.change' ? { ...context, [event.field]: event.value } : context,
    ),
    assignValidationError: assign({
      error: ({ context }) => {
        const key = validateLogin(context);
        return key ? { key } : null;
      },
    }),
    clearError: assign({ error: null }),
    assignUser: assign((_, params: { answer: LoginAnswer }) => ({ user: params.answer.kind === 'signed-in' ? params.answer.user : null })),
    assignServerError: assign((_, params: { answer: LoginAnswer }) => ({ error: messageOfAnswer(params.answer) })),
  },
}).createMachine({
  id: 'login',
  context: { account: '', password: '', error: null, user: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'form.change': { actions: 'assignField' },
        'form.submit': { target: 'validating' },
      },
    },
    validating: {
      always: [
        { guard: 'isFormInvalid', target: 'failure', actions: 'assignValidationError' },
        { target: 'submitting', actions: 'clearError' },
      ],
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'login',
        input: ({ context }) => ({ account: context.account.trim(), password: context.password }),
        onDone: [
          {
            guard: { type: 'isSignedIn', params: ({ event }) => ({ answer: event.output }) },
            target: 'success',
            actions: { type: 'assignUser', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            target: 'failure',
            actions: { type: 'assignServerError', params: ({ event }) => ({ answer: event.output }) },
          },
        ],
        // No answer at all: the HTTP adapter already showed the network or timeout dialog.
        onError: { target: 'idle' },
      },
    },
    failure: {
      on: {
        'form.change': { actions: 'assignField' },
        'form.submit': { target: 'validating' },
      },
    },
    success: { type: 'final' },
  },
  output: ({ context }) => ({ user: context.user as SessionUser }),
});
