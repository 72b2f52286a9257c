import { assign, fromPromise, setup } from 'xstate';
import type { Envelope } from '../shared/envelope';
import { loginBody, messageFromServer, validateLogin, type FormMessage } from './validation';

/** What a successful login answers: the stored `user` (spec 1 section 3). */
export interface SessionUser {
  UserId: string;
  Token: string;
  Url?: string;
  [field: string]: unknown;
}

export type LoginRequest = { Account: string; Password: string; Email?: string };

export interface LoginContext {
  account: string;
  password: string;
  error: FormMessage | null;
  user: SessionUser | null;
}

export type LoginField = 'account' | 'password';

export type LoginEvent = { type: 'form.change'; field: LoginField; value: string } | { type: 'form.submit' };

/** Login flow: validate the form, call UserLogin, end with the user or an inline message. */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    output: {} as { user: SessionUser },
  },
  actors: {
    login: fromPromise<Envelope<SessionUser>, LoginRequest>(async () => {
      throw new Error('login actor not provided');
    }),
  },
  guards: {
    isFormInvalid: ({ context }) => validateLogin(context) !== null,
    isAccepted: (_, params: { result: Envelope<SessionUser> }) =>
      params.result.code === 200 && !!params.result.ReturnData && typeof params.result.ReturnData.Token === 'string',
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
    assignUser: assign((_, params: { result: Envelope<SessionUser> }) => ({ user: params.result.ReturnData ?? null })),
    assignServerError: assign((_, params: { info: string }) => ({ error: messageFromServer(params.info) })),
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
        input: ({ context }) => loginBody(context),
        onDone: [
          {
            guard: { type: 'isAccepted', params: ({ event }) => ({ result: event.output }) },
            target: 'success',
            actions: { type: 'assignUser', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'failure',
            actions: { type: 'assignServerError', params: ({ event }) => ({ info: event.output.info }) },
          },
        ],
        // No envelope at all: the HTTP adapter already showed the network or timeout dialog.
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
