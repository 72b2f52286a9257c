import { and, assign, fromPromise, not, setup } from 'xstate';
import type { Envelope } from '../shared/envelope';
import {
  asList,
  messageFromServer,
  resendSeconds,
  validateCamBinding,
  validateCodeRequest,
  validateRegistration,
  type FormMessage,
  type RegistrationLanguage,
  type RegistrationMode,
} from './validation';
import { CODE_COUNTDOWN_NAMES, codeCountdownStates, countDown } from './code-countdown.states';

/** One entry of the area cascade (`api/User/GetAreaData`). */
export interface AreaOption {
  countryid: number;
  countryname: string;
  namezh?: string;
  nameen?: string;
}

export const AREA_LEVELS = ['nation', 'province', 'city', 'county'] as const;
export type AreaLevel = (typeof AREA_LEVELS)[number];
export type AreaSeltype = '1' | '2' | '3' | '4';

export const seltypeOf = (level: AreaLevel): AreaSeltype => String(AREA_LEVELS.indexOf(level) + 1) as AreaSeltype;
const childOf = (level: AreaLevel): AreaLevel | null => AREA_LEVELS[AREA_LEVELS.indexOf(level) + 1] ?? null;
const parentOf = (level: AreaLevel): AreaLevel | null => AREA_LEVELS[AREA_LEVELS.indexOf(level) - 1] ?? null;

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

export type RegistrationField = 'contact' | 'password' | 'confirmation' | 'address' | 'realName' | 'code';
export type RegistrationForm = Record<RegistrationField, string>;

export interface CamBinding {
  email: string;
  code: string;
  codeSentTo: string | null;
  remaining: number;
  error: FormMessage | null;
}

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
  options: Record<AreaLevel, AreaOption[]>;
  selected: Record<AreaLevel, AreaOption | null>;
  /** The level whose options are loading (or were last loaded). */
  loadingLevel: AreaLevel | null;
  error: FormMessage | null;
  cam: CamBinding;
  camBound: boolean;
}

export type RegistrationEvent =
  | { type: 'form.change'; field: RegistrationField; value: string }
  | { type: 'form.submit' }
  | { type: 'code.request' }
  | { type: 'notReceived.toggle'; checked: boolean }
  | { type: 'area.select'; level: AreaLevel; id: number | null }
  | { type: 'cam.accept' }
  | { type: 'cam.decline' }
  | { type: 'cam.change'; field: 'email' | 'code'; value: string }
  | { type: 'cam.requestCode' }
  | { type: 'cam.submit' }
  | { type: 'cam.skip' };

export interface RegistrationInput {
  language: RegistrationLanguage;
  mode: RegistrationMode;
}

export interface RegistrationOutput {
  /** The account waits for staff approval (SaveEmailErrorUser). */
  manualReview: boolean;
  /** An e-mail was bound for CAM use after a Chinese registration. */
  camBound: boolean;
}

const emptyLevels = <T>(value: () => T): Record<AreaLevel, T> => ({
  nation: value(),
  province: value(),
  city: value(),
  county: value(),
});

const selectedChain = (context: RegistrationContext): AreaOption[] =>
  AREA_LEVELS.map((level) => context.selected[level]).filter((a): a is AreaOption => a !== null);

/** The payload of SaveUser (with the code) or SaveEmailErrorUser (manual review, no code). */
export function registrationPayload(context: RegistrationContext): RegistrationPayload {
  const contact = context.form.contact.trim();
  const chain = selectedChain(context);
  const payload: RegistrationPayload = {
    Account: contact,
    RealName: context.form.realName.trim(),
    Mobile: context.mode === 'phone' ? contact : '',
    Email: context.mode === 'email' ? contact : '',
    FullPathId: chain.map((a) => a.countryid).join('-'),
    FullPathName: chain.map((a) => a.countryname).join('/'),
    Address: context.form.address.trim(),
    Password: context.form.password,
    IsDomestic: context.language === 'zh' ? '1' : '0',
    CreateOrigin: '0',
  };
  if (context.manualReview) return payload;
  const code = context.form.code.trim();
  return context.mode === 'email' ? { ...payload, EmailCode: code } : { ...payload, MobileCode: code };
}

const registrationRulesInput = (context: RegistrationContext) => ({
  mode: context.mode,
  contact: context.form.contact,
  password: context.form.password,
  confirmation: context.form.confirmation,
  address: context.form.address,
  code: context.form.code,
  codeSentTo: context.codeSentTo,
  manualReview: context.manualReview,
});

const isSent = (result: Envelope<number>): boolean => result.code === 200;

/** What the `save` actor gets: the payload, and whether it goes to manual review. */
export interface RegistrationSave {
  payload: RegistrationPayload;
  manualReview: boolean;
}

const codeStates = codeCountdownStates(
  { ...CODE_COUNTDOWN_NAMES, ignoreWhile: ['isSubmitting'] },
  ({ context }: { context: RegistrationContext }) => ({ mode: context.mode, contact: context.form.contact.trim() }),
);

const camCodeStates = codeCountdownStates(
  {
    event: 'cam.requestCode',
    ignoreWhile: [],
    src: 'requestCamCode',
    isInvalid: 'isCamCodeRequestInvalid',
    assignInvalid: 'assignCamCodeRequestError',
    clearError: 'clearCamError',
    isSent: 'isCodeSent',
    start: 'startCamCountdown',
    assignServerError: 'assignCamServerError',
    isLastSecond: 'isCamLastSecond',
    tick: 'camTick',
    end: 'endCamCountdown',
  },
  ({ context }: { context: RegistrationContext }) => ({ email: context.cam.email.trim() }),
);

/**
 * Registration (spec 1 sections 2, 4, 5): e-mail or phone path, code request with a 60 s
 * countdown that locks the contact, "not received" manual review after the countdown, the
 * nation > province > city > county cascade, submit in the spec's rule order, then the
 * e-mail lookup and SaveUser / SaveEmailErrorUser, and the CAM e-mail offer after a
 * Chinese registration.
 */
export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
    output: {} as RegistrationOutput,
    tags: {} as 'busy' | 'counting',
  },
  actors: {
    requestCode: fromPromise<Envelope<number>, { mode: RegistrationMode; contact: string }>(async () => {
      throw new Error('requestCode actor not provided');
    }),
    loadAreas: fromPromise<AreaOption[], { seltype: AreaSeltype; fid: number; language: RegistrationLanguage }>(async () => {
      throw new Error('loadAreas actor not provided');
    }),
    checkEmail: fromPromise<Envelope<unknown[] | string>, { email: string }>(async () => {
      throw new Error('checkEmail actor not provided');
    }),
    /** SaveUser, or SaveEmailErrorUser when `manualReview` (no code: staff approve the account). */
    save: fromPromise<Envelope<unknown>, RegistrationSave>(async () => {
      throw new Error('save actor not provided');
    }),
    requestCamCode: fromPromise<Envelope<number>, { email: string }>(async () => {
      throw new Error('requestCamCode actor not provided');
    }),
    bindCamEmail: fromPromise<
      Envelope<unknown>,
      { Account: string; Email: string; Password: string; EmailCode: string }
    >(async () => {
      throw new Error('bindCamEmail actor not provided');
    }),
  },
  delays: {
    tick: 1000,
  },
  guards: {
    isFieldEditable: ({ context, event }) =>
      event.type === 'form.change' && !context.submitting && !(event.field === 'contact' && context.contactLocked),
    isContactChangedFromSent: ({ context, event }) =>
      event.type === 'form.change' &&
      !context.submitting &&
      event.field === 'contact' &&
      event.value.trim() !== context.codeSentTo,
    isSubmitting: ({ context }) => context.submitting,
    isCodeRequestInvalid: ({ context }) => validateCodeRequest(context.mode, context.form.contact) !== null,
    isCodeSent: (_, params: { result: Envelope<number> }) => isSent(params.result),
    isLastSecond: ({ context }) => context.remaining <= 1,
    isAreaSelectable: ({ context, event }) => {
      if (event.type !== 'area.select') return false;
      const parent = parentOf(event.level);
      if (parent !== null && context.selected[parent] === null) return false;
      return event.id === null || context.options[event.level].some((a) => a.countryid === event.id);
    },
    hasChildToLoad: ({ event }) => event.type === 'area.select' && event.id !== null && childOf(event.level) !== null,
    isFormInvalid: ({ context }) => validateRegistration(registrationRulesInput(context)) !== null,
    isEmailMode: ({ context }) => context.mode === 'email',
    isEmailTaken: (_, params: { result: Envelope<unknown[] | string> }) =>
      asList(params.result.ReturnData as unknown[] | string).length > 0,
    isSaved: (_, params: { result: Envelope<unknown> }) => params.result.code === 200,
    isCamOffered: ({ context }) => context.language === 'zh' && !context.manualReview,
    isCamEmailEditable: ({ context, event }) =>
      event.type === 'cam.change' && !(event.field === 'email' && context.cam.remaining > 0),
    isCamCodeRequestInvalid: ({ context }) => validateCodeRequest('email', context.cam.email) !== null,
    isCamFormInvalid: ({ context }) => validateCamBinding(context.cam) !== null,
    isCamLastSecond: ({ context }) => context.cam.remaining <= 1,
  },
  actions: {
    assignField: assign({
      form: ({ context, event }) =>
        event.type === 'form.change' ? { ...context.form, [event.field]: event.value } : context.form,
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
    startCountdown: assign(({ context }, params: { result: Envelope<number> }) => ({
      codeSentTo: context.form.contact.trim(),
      remaining: resendSeconds(params.result.ReturnData),
    })),
    tick: assign({ remaining: ({ context }) => countDown(context.remaining) }),
    endCountdown: assign({ remaining: 0 }),
    assignServerError: assign((_, params: { info: string }) => ({ error: messageFromServer(params.info) })),
    assignManualReview: assign({
      manualReview: ({ event }) => (event.type === 'notReceived.toggle' ? event.checked : false),
    }),
    assignAreaSelection: assign(({ context, event }) => {
      if (event.type !== 'area.select') return {};
      const selected = { ...context.selected };
      const options = { ...context.options };
      selected[event.level] =
        event.id === null ? null : (context.options[event.level].find((a) => a.countryid === event.id) ?? null);
      // Changing a parent clears every level below it (spec 1 section 2).
      for (let child = childOf(event.level); child !== null; child = childOf(child)) {
        selected[child] = null;
        options[child] = [];
      }
      return { selected, options, loadingLevel: event.id === null ? null : childOf(event.level) };
    }),
    assignAreaOptions: assign(({ context }, params: { items: AreaOption[] }) =>
      context.loadingLevel === null
        ? {}
        : { options: { ...context.options, [context.loadingLevel]: params.items } },
    ),
    assignValidationError: assign({
      error: ({ context }) => {
        const key = validateRegistration(registrationRulesInput(context));
        return key ? { key } : null;
      },
    }),
    assignEmailTaken: assign({ error: { key: 'accounts.validation.emailTaken' } }),
    assignCamField: assign({
      cam: ({ context, event }) =>
        event.type === 'cam.change' ? { ...context.cam, [event.field]: event.value } : context.cam,
    }),
    prefillCamEmail: assign({
      cam: ({ context }) => ({
        ...context.cam,
        email: context.mode === 'email' ? context.form.contact.trim() : context.cam.email,
      }),
    }),
    assignCamCodeRequestError: assign({
      cam: ({ context }) => {
        const key = validateCodeRequest('email', context.cam.email);
        return { ...context.cam, error: key ? { key } : null };
      },
    }),
    assignCamValidationError: assign({
      cam: ({ context }) => {
        const key = validateCamBinding(context.cam);
        return { ...context.cam, error: key ? { key } : null };
      },
    }),
    clearCamError: assign({ cam: ({ context }) => ({ ...context.cam, error: null }) }),
    startCamCountdown: assign(({ context }, params: { result: Envelope<number> }) => ({
      cam: {
        ...context.cam,
        codeSentTo: context.cam.email.trim(),
        remaining: resendSeconds(params.result.ReturnData),
      },
    })),
    markCamBound: assign({ camBound: true }),
    camTick: assign({
      cam: ({ context }) => ({ ...context.cam, remaining: countDown(context.cam.remaining) }),
    }),
    endCamCountdown: assign({ cam: ({ context }) => ({ ...context.cam, remaining: 0 }) }),
    assignCamServerError: assign(({ context }, params: { info: string }) => ({
      cam: { ...context.cam, error: messageFromServer(params.info) },
    })),
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({
    language: input.language,
    mode: input.mode,
    form: { contact: '', password: '', confirmation: '', address: '', realName: '', code: '' },
    codeSentTo: null,
    remaining: 0,
    contactLocked: false,
    manualReview: false,
    submitting: false,
    options: emptyLevels<AreaOption[]>(() => []),
    selected: emptyLevels<AreaOption | null>(() => null),
    loadingLevel: 'nation',
    error: null,
    cam: { email: '', code: '', codeSentTo: null, remaining: 0, error: null },
    camBound: false,
  }),
  initial: 'form',
  states: {
    form: {
      type: 'parallel',
      on: {
        'form.change': { guard: 'isFieldEditable', actions: 'assignField' },
      },
      states: {
        areas: {
          initial: 'loading',
          on: {
            'area.select': [
              {
                guard: and(['isAreaSelectable', 'hasChildToLoad']),
                target: '.loading',
                reenter: true,
                actions: 'assignAreaSelection',
              },
              { guard: 'isAreaSelectable', target: '.ready', actions: 'assignAreaSelection' },
            ],
          },
          states: {
            loading: {
              invoke: {
                src: 'loadAreas',
                input: ({ context }) => {
                  const level = context.loadingLevel ?? 'nation';
                  const parent = parentOf(level);
                  return {
                    seltype: seltypeOf(level),
                    fid: parent === null ? 0 : (context.selected[parent]?.countryid ?? 0),
                    language: context.language,
                  };
                },
                onDone: {
                  target: 'ready',
                  actions: { type: 'assignAreaOptions', params: ({ event }) => ({ items: event.output }) },
                },
                onError: { target: 'ready' },
              },
            },
            ready: {},
          },
        },
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
                    guard: { type: 'isEmailTaken', params: ({ event }) => ({ result: event.output }) },
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
                input: ({ context }) => ({ payload: registrationPayload(context), manualReview: context.manualReview }),
                onDone: [
                  {
                    guard: { type: 'isSaved', params: ({ event }) => ({ result: event.output }) },
                    target: 'saved',
                  },
                  {
                    target: 'idle',
                    actions: { type: 'assignServerError', params: ({ event }) => ({ info: event.output.info }) },
                  },
                ],
                onError: { target: 'idle' },
              },
            },
            saved: {
              always: [
                { guard: 'isCamOffered', target: '#registration.camPrompt' },
                { target: '#registration.done' },
              ],
            },
          },
        },
      },
    },
    camPrompt: {
      on: {
        'cam.accept': { target: 'camBind', actions: 'prefillCamEmail' },
        'cam.decline': { target: 'done' },
      },
    },
    camBind: {
      type: 'parallel',
      on: {
        'cam.change': { guard: 'isCamEmailEditable', actions: 'assignCamField' },
        'cam.skip': { target: 'done' },
      },
      states: {
        code: {
          initial: 'idle',
          states: camCodeStates,
        },
        submission: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'cam.submit': [
                  { guard: 'isCamFormInvalid', actions: 'assignCamValidationError' },
                  { target: 'binding', actions: 'clearCamError' },
                ],
              },
            },
            binding: {
              tags: ['busy'],
              invoke: {
                src: 'bindCamEmail',
                input: ({ context }) => ({
                  Account: context.form.contact.trim(),
                  Email: context.cam.email.trim(),
                  Password: context.form.password,
                  EmailCode: context.cam.code.trim(),
                }),
                onDone: [
                  {
                    guard: { type: 'isSaved', params: ({ event }) => ({ result: event.output }) },
                    target: '#registration.done',
                    actions: 'markCamBound',
                  },
                  {
                    target: 'idle',
                    actions: { type: 'assignCamServerError', params: ({ event }) => ({ info: event.output.info }) },
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
  output: ({ context }) => ({ manualReview: context.manualReview, camBound: context.camBound }),
});
