import { assign, fromPromise, not, sendTo, setup, type ActorRefFrom } from 'xstate';
import { areaCascadeMachine, areaPathOf, selectedChain, type AreaCascadeEvent, type AreaOption } from './area-cascade.machine';
import { camBindingMachine, type CamBindingEvent } from './cam-binding.machine';
import { CODE_COUNTDOWN_NAMES, codeCountdownStates, countDown, countdownFrom, isCodeSent, isLastSecond } from './code-countdown.states';
import {
  messageOf,
  messageOfAnswer,
  validateCodeRequest,
  validateRegistration,
  type AccountsRefusal,
  type CodeAnswer,
  type FormMessage,
  type RegistrationLanguage,
  type RegistrationMode,
  type RegistrationSetup,
} from './validation';

/** The registration payload of spec 1 section 3 (+ MobileCode on the phone path). */
export interface RegistrationPayload {
  Account: string;
  RealName: string;
  Mobile: string;
  Email: string;
  FullPathId: string;
  FullPathName: string;
  Address: string;
  Password: string;
  IsDomestic: '0' | '1';
  CreateOrigin: '0';
  EmailCode?: string;
  MobileCode?: string;
}

/** The e-mail lookup of rule 8: is the address someone's already? */
export type EmailLookup = { kind: 'free' } | { kind: 'taken' };

/** Saving the registration: saved (active, or waiting for review), or refused. */
export type SaveAnswer = { kind: 'saved' } | AccountsRefusal;

export type RegistrationField = 'contact' | 'password' | 'confirmation' | 'address' | 'realName' | 'code';
export type RegistrationForm = Record<RegistrationField, string>;

export interface RegistrationContext {
  language: RegistrationLanguage;
  mode: RegistrationMode;
  form: RegistrationForm;
  /** The trimmed contact the last code went to; null before any request. */
  codeSentTo: string | null;
  /** Seconds left before another code may be requested; never negative. */
  remaining: number;
  /** Set while a code request or its countdown runs: the contact input is locked. */
  contactLocked: boolean;
  /** "Code not received" checked: submit goes to manual review without a code. */
  manualReview: boolean;
  /** A submit is on its way: the form is frozen so the saved payload is the one checked. */
  submitting: boolean;
  /** The area cascade, a child machine that lives as long as the registration. */
  areas: ActorRefFrom<typeof areaCascadeMachine>;
  error: FormMessage | null;
  camBound: boolean;
}

export type RegistrationEvent =
  | { type: 'form.change'; field: RegistrationField; value: string }
  | { type: 'form.submit' }
  | { type: 'code.request' }
  | { type: 'notReceived.toggle'; checked: boolean }
  | AreaCascadeEvent
  | { type: 'cam.accept' }
  | { type: 'cam.decline' }
  | CamBindingEvent
  | { type: 'cam.skip' };

export interface RegistrationOutput {
  /** The account waits for staff approval (SaveEmailErrorUser). */
  manualReview: boolean;
  /** An e-mail was bound for CAM use after a Chinese registration. */
  camBound: boolean;
}

/** The payload of a registration with its chosen areas: with the code, or without for manual review. */
export function registrationPayload(context: Omit<RegistrationContext, 'areas'>, areas: readonly AreaOption[]): RegistrationPayload {
  const contact = context.form.contact.trim();
  const payload: RegistrationPayload = {
    Account: contact,
    RealName: context.form.realName.trim(),
    Mobile: context.mode === 'phone' ? contact : '',
    Email: context.mode === 'email' ? contact : '',
    FullPathId: areaPathOf(areas).fullPathId,
    FullPathName: areaPathOf(areas).fullPathName,
    Address: context.form.address.trim(),
    Password: context.form.password,
    IsDomestic: context.language === 'zh' ? '1' : '0',
    CreateOrigin: '0',
  };
  if (context.manualReview) return payload;
  const code = context.form.code.trim();
  return context.mode === 'email' ? { ...payload, EmailCode: code } : { ...payload, MobileCode: code };
}

const registrationCheckOf = (context: RegistrationContext) => ({
  mode: context.mode,
  contact: context.form.contact,
  password: context.form.password,
  confirmation: context.form.confirmation,
  address: context.form.address,
  code: context.form.code,
  codeSentTo: context.codeSentTo,
  manualReview: context.manualReview,
});

/** What the `save` actor gets: the payload, and whether it goes to manual review. */
export interface RegistrationSave {
  payload: RegistrationPayload;
  manualReview: boolean;
}

const codeStates = codeCountdownStates(
  { ...CODE_COUNTDOWN_NAMES, ignoreWhile: ['isSubmitting'] },
  ({ context }: { context: RegistrationContext }) => ({ mode: context.mode, contact: context.form.contact.trim() }),
);

/**
 * Registration (spec 1 sections 2, 4, 5): e-mail or phone path, code request with a 60 s
 * countdown that locks the contact, "not received" manual review after the countdown, submit in
 * the spec's rule order, then the e-mail lookup and the save (with the code, or for review). Two
 * child machines do the rest: the area cascade (`areas`, spawned at start) and, after a Chinese
 * registration whose CAM offer is accepted, the CAM e-mail binding (`camBinding`, invoked).
 */
export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationSetup,
    output: {} as RegistrationOutput,
    children: {} as { areas: 'areaCascade'; camBinding: 'camBinding' },
    tags: {} as 'busy' | 'counting',
  },
  actors: {
    areaCascade: areaCascadeMachine,
    camBinding: camBindingMachine,
    requestCode: fromPromise<CodeAnswer, { mode: RegistrationMode; contact: string }>(async () => {
      throw new Error('requestCode actor not provided');
    }),
    checkEmail: fromPromise<EmailLookup, { email: string }>(async () => {
      throw new Error('checkEmail actor not provided');
    }),
    /** SaveUser, or SaveEmailErrorUser when `manualReview` (no code: staff approve the account). */
    save: fromPromise<SaveAnswer, RegistrationSave>(async () => {
      throw new Error('save actor not provided');
    }),
  },
  delays: {
    tick: 1000,
  },
  guards: {
    isFieldEditable: ({ context, event }) =>
      event.type === 'form.change' && !context.submitting && !(event.field === 'contact' && context.contactLocked),
    isContactChangedFromSent: ({ context, event }) =>
      event.type === 'form.change' && !context.submitting && event.field === 'contact' && event.value.trim() !== context.codeSentTo,
    isSubmitting: ({ context }) => context.submitting,
    isCodeRequestInvalid: ({ context }) => validateCodeRequest(context.mode, context.form.contact) !== null,
    isCodeSent,
    isLastSecond,
    isFormInvalid: ({ context }) => validateRegistration(registrationCheckOf(context)) !== null,
    isEmailMode: ({ context }) => context.mode === 'email',
    isEmailTaken: (_, params: { answer: EmailLookup }) => params.answer.kind === 'taken',
    isSaved: (_, params: { answer: SaveAnswer }) => params.answer.kind === 'saved',
    isCamOffered: ({ context }) => context.language === 'zh' && !context.manualReview,
  },
  actions: {
    assignField: assign({
      form: ({ context, event }) => (event.type === 'form.change' ? { ...context.form, [event.field]: event.value } : context.form),
    }),
    clearError: assign({ error: null }),
    freezeForm: assign({ submitting: true }),
    thawForm: assign({ submitting: false }),
    assignCodeRequestError: assign({
      error: ({ context }) => {
        const key = validateCodeRequest(context.mode, context.form.contact);
        return key ? { key } : null;
      },
    }),
    lockContact: assign({ contactLocked: true, manualReview: false }),
    unlockContact: assign({ contactLocked: false }),
    forgetSentCode: assign({ codeSentTo: null, manualReview: false, remaining: 0 }),
    startCountdown: assign(({ context }, params: { answer: CodeAnswer }) => countdownFrom(context.form.contact.trim(), params.answer)),
    tick: assign({ remaining: ({ context }) => countDown(context.remaining) }),
    endCountdown: assign({ remaining: 0 }),
    assignServerError: assign((_, params: { answer: CodeAnswer | SaveAnswer }) => ({ error: messageOfAnswer(params.answer) })),
    assignManualReview: assign({
      manualReview: ({ event }) => (event.type === 'notReceived.toggle' ? event.checked : false),
    }),
    forwardToAreas: sendTo(({ context }) => context.areas, ({ event }) => event as AreaCascadeEvent),
    forwardToCamBinding: sendTo('camBinding', ({ event }) => event as CamBindingEvent),
    assignValidationError: assign({
      error: ({ context }) => {
        const key = validateRegistration(registrationCheckOf(context));
        return key ? { key } : null;
      },
    }),
    assignEmailTaken: assign({ error: messageOf('emailTaken') }),
    markCamBound: assign({ camBound: true }),
  },
}).createMachine({
  id: 'registration',
  context: ({ input, spawn }) => ({
    language: input.language,
    mode: input.mode,
    form: { contact: '', password: '', confirmation: '', address: '', realName: '', code: '' },
    codeSentTo: null,
    remaining: 0,
    contactLocked: false,
    manualReview: false,
    submitting: false,
    areas: spawn('areaCascade', { id: 'areas', input: { language: input.language } }),
    error: null,
    camBound: false,
  }),
  initial: 'form',
  states: {
    form: {
      type: 'parallel',
      on: {
        'form.change': { guard: 'isFieldEditable', actions: 'assignField' },
        'area.select': { actions: 'forwardToAreas' },
      },
      states: {
        code: {
          initial: 'idle',
          states: {
            ...codeStates,
            // The contact is locked while a request or its countdown runs.
            idle: { ...codeStates.idle, entry: 'unlockContact' },
            requesting: { ...codeStates.requesting, entry: 'lockContact' },
            ended: {
              ...codeStates.ended,
              entry: 'unlockContact',
              on: {
                ...codeStates.ended.on,
                'notReceived.toggle': { guard: not('isSubmitting'), actions: 'assignManualReview' },
                // A new contact needs a new code: the old one went elsewhere.
                'form.change': {
                  guard: 'isContactChangedFromSent',
                  target: 'idle',
                  actions: ['assignField', 'forgetSentCode'],
                },
              },
            },
          },
        },
        submission: {
          initial: 'idle',
          states: {
            idle: {
              entry: 'thawForm',
              on: {
                'form.submit': [
                  { guard: 'isFormInvalid', actions: 'assignValidationError' },
                  { guard: 'isEmailMode', target: 'checkingEmail', actions: 'clearError' },
                  { target: 'saving', actions: 'clearError' },
                ],
              },
            },
            checkingEmail: {
              entry: 'freezeForm',
              tags: ['busy'],
              invoke: {
                src: 'checkEmail',
                input: ({ context }) => ({ email: context.form.contact.trim() }),
                onDone: [
                  {
                    guard: { type: 'isEmailTaken', params: ({ event }) => ({ answer: event.output }) },
                    target: 'idle',
                    actions: 'assignEmailTaken',
                  },
                  { target: 'saving' },
                ],
                onError: { target: 'idle' },
              },
            },
            saving: {
              entry: 'freezeForm',
              tags: ['busy'],
              invoke: {
                src: 'save',
                input: ({ context }) => ({
                  payload: registrationPayload(context, selectedChain(context.areas.getSnapshot().context)),
                  manualReview: context.manualReview,
                }),
                onDone: [
                  { guard: { type: 'isSaved', params: ({ event }) => ({ answer: event.output }) }, target: 'saved' },
                  { target: 'idle', actions: { type: 'assignServerError', params: ({ event }) => ({ answer: event.output }) } },
                ],
                onError: { target: 'idle' },
              },
            },
            saved: {
              always: [{ guard: 'isCamOffered', target: '#registration.camPrompt' }, { target: '#registration.done' }],
            },
          },
        },
      },
    },
    camPrompt: {
      on: {
        'cam.accept': { target: 'camBind' },
        'cam.decline': { target: 'done' },
      },
    },
    camBind: {
      invoke: {
        id: 'camBinding',
        src: 'camBinding',
        input: ({ context }) => ({
          account: context.form.contact.trim(),
          password: context.form.password,
          email: context.mode === 'email' ? context.form.contact.trim() : '',
        }),
        onDone: { target: 'done', actions: 'markCamBound' },
      },
      on: {
        'cam.change': { actions: 'forwardToCamBinding' },
        'cam.requestCode': { actions: 'forwardToCamBinding' },
        'cam.submit': { actions: 'forwardToCamBinding' },
        'cam.skip': { target: 'done' },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ manualReview: context.manualReview, camBound: context.camBound }),
});
