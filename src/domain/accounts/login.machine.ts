import { assign, fromPromise, setup } from 'xstate';
import { messageOf, messageOfAnswer, validateLogin, type AccountsRefusal, type FormMessage, type LoginInput } from './validation';

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
  /** The code mailed by the server after many failed logins (issue 21, item 3). */
  code: string;
  /** The server asked for that code: the form shows its field and the "send code" action. */
  codeAsked: boolean;
}

export type LoginField = 'account' | 'password' | 'code';

/**
 * `code.send` logs in without a code: while the throttle asks for proof, the server then mails a
 * new code (at most one a minute) and answers proofRequired again, without counting a failure.
 */
export type LoginEvent = { type: 'form.change'; field: LoginField; value: string } | { type: 'form.submit' } | { type: 'code.send' };

const isProofAsked = (answer: LoginAnswer): boolean => answer.kind === 'problem' && answer.problem === 'proofRequired';

/** The login form's first problem: the account and password rules, then the asked-for code. */
const loginFormError = (context: LoginContext): FormMessage | null => {
  const key = validateLogin(context);
  if (key) return { key };
  return context.codeAsked && context.code.trim() === '' ? messageOf('codeRequired') : null;
};

/** What the login actor is sent: the code only once the server asked for one, and not for `code.send`. */
const loginInput = (context: LoginContext, withCode: boolean): LoginInput => {
  const input: LoginInput = { account: context.account.trim(), password: context.password };
  return withCode && context.codeAsked ? { ...input, code: context.code.trim() } : input;
};

/**
 * The login call of `sendingCode` (without the code: the server mails one) and of `submitting`:
 * signed in ends the flow, any other answer shows its message. No answer at all goes back to idle:
 * the HTTP adapter already showed the network or timeout dialog.
 */
const loginCall = (withCode: boolean) =>
  ({
    src: 'login',
    input: ({ context }: { context: LoginContext }) => loginInput(context, withCode),
    onDone: [
      {
        guard: { type: 'isSignedIn', params: ({ event }: { event: { output: LoginAnswer } }) => ({ answer: event.output }) },
        target: 'success',
        actions: { type: 'assignUser', params: ({ event }: { event: { output: LoginAnswer } }) => ({ answer: event.output }) },
      },
      {
        target: 'failure',
        actions: { type: 'assignServerError', params: ({ event }: { event: { output: LoginAnswer } }) => ({ answer: event.output }) },
      },
    ],
    onError: { target: 'idle' },
  }) as const;

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
    isFormInvalid: ({ context }) => loginFormError(context) !== null,
    isAccountInvalid: ({ context }) => validateLogin(context) !== null,
    isSignedIn: (_, params: { answer: LoginAnswer }) => params.answer.kind === 'signed-in',
  },
  actions: {
    assignField: assign(({ context, event }) =>
      event.type === 'form.change' ? { ...context, [event.field]: event.value } : context,
    ),
    assignValidationError: assign({ error: ({ context }) => loginFormError(context) }),
    clearError: assign({ error: null }),
    assignUser: assign((_, params: { answer: LoginAnswer }) => ({ user: params.answer.kind === 'signed-in' ? params.answer.user : null })),
    assignServerError: assign(({ context }, params: { answer: LoginAnswer }) => ({
      error: messageOfAnswer(params.answer),
      // Once asked, the code field stays: a wrong code or a wait does not hide it.
      codeAsked: context.codeAsked || isProofAsked(params.answer),
    })),
  },
}).createMachine({
  id: 'login',
  context: { account: '', password: '', error: null, user: null, code: '', codeAsked: false },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'form.change': { actions: 'assignField' },
        'form.submit': { target: 'validating' },
        'code.send': { target: 'validatingSend' },
      },
    },
    validatingSend: {
      always: [
        { guard: 'isAccountInvalid', target: 'failure', actions: 'assignValidationError' },
        { target: 'sendingCode', actions: 'clearError' },
      ],
    },
    sendingCode: {
      tags: ['busy'],
      invoke: loginCall(false),
    },
    validating: {
      always: [
        { guard: 'isFormInvalid', target: 'failure', actions: 'assignValidationError' },
        { target: 'submitting', actions: 'clearError' },
      ],
    },
    submitting: {
      tags: ['busy'],
      invoke: loginCall(true),
    },
    failure: {
      on: {
        'form.change': { actions: 'assignField' },
        'form.submit': { target: 'validating' },
        'code.send': { target: 'validatingSend' },
      },
    },
    success: { type: 'final' },
  },
  output: ({ context }) => ({ user: context.user as SessionUser }),
});
