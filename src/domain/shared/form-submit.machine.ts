import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import type { Refused } from './refused';

/** The server's answer to a form: taken, or refused with its words. */
export type SubmitAnswer = { kind: 'accepted' } | Refused;

/** The language the server's words should be in. */
export type FormLanguage = 'zh' | 'en';

/** The rule messages of a form: at most one message key per field. */
export type FormErrors<V, K extends string = string> = Partial<Record<keyof V, K>>;

export interface FormSubmitContext<V, K extends string = string> {
  values: V;
  /** Shown after the first submit attempt, updated as the user types. */
  errors: FormErrors<V, K>;
  /** Set once a submit was tried: from then on errors follow every change. */
  attempted: boolean;
  /** The server's refusal ('' when there is none). */
  serverError: string;
  /** The language of the last submit (the server answers in it). */
  lang: FormLanguage;
}

export type FormSubmitEvent<V> =
  | { type: 'form.change'; field: keyof V; value: string }
  /** `lang`: the page's language, for the server's answer (English when not given). */
  | { type: 'form.submit'; lang?: FormLanguage }
  /** `values`: what the fresh form starts from instead of the empty one (a default date, a locked name). */
  | { type: 'form.reset'; values?: Partial<V> };

export interface FormSubmitOptions<V, B, K extends string> {
  id: string;
  /** The values of a fresh (or reset) form. */
  empty: V;
  /** Every rule at once; an empty record means the form may be sent. */
  validate: (values: V) => FormErrors<V, K>;
  /** The request sent to the `submit` actor. */
  toBody: (values: V, lang: FormLanguage) => B;
}

type Done = { event: DoneActorEvent<SubmitAnswer> };

const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;

/**
 * A validated form sent through the `submit` actor: `editing` (rules checked in the browser),
 * `submitting` (busy), `submitted` when the server accepts, back to `editing` with its refusal otherwise.
 */
export function createFormSubmitMachine<V extends Record<keyof V, string>, B, K extends string>({
  id,
  empty,
  validate,
  toBody,
}: FormSubmitOptions<V, B, K>) {
  return setup({
    types: {
      context: {} as FormSubmitContext<V, K>,
      events: {} as FormSubmitEvent<V>,
    },
    actors: {
      submit: fromPromise<SubmitAnswer, B>(async () => {
        throw new Error(`${id}: submit actor not provided`);
      }),
    },
    guards: {
      isFormInvalid: ({ context }) => hasErrors(validate(context.values)),
      isAccepted: (_, params: { answer: SubmitAnswer }) => params.answer.kind === 'accepted',
    },
    actions: {
      assignField: assign(({ context, event }) => {
        if (event.type !== 'form.change') return {};
        const values = { ...context.values, [event.field]: event.value };
        return { values, errors: context.attempted ? validate(values) : context.errors, serverError: '' };
      }),
      assignErrors: assign(({ context }) => ({ errors: validate(context.values), attempted: true })),
      startSubmit: assign(({ event }) => ({ errors: {}, serverError: '', lang: (event.type === 'form.submit' && event.lang) || 'en' })),
      assignServerError: assign((_, params: { message: string }) => ({ serverError: params.message || '' })),
      reset: assign(({ event }) => ({ values: { ...empty, ...(event.type === 'form.reset' ? event.values : undefined) }, errors: {}, attempted: false, serverError: '' })),
    },
  }).createMachine({
    id,
    context: { values: empty, errors: {}, attempted: false, serverError: '', lang: 'en' },
    initial: 'editing',
    states: {
      editing: {
        on: {
          'form.change': { actions: 'assignField' },
          'form.reset': { actions: 'reset' },
          'form.submit': [
            { guard: 'isFormInvalid', actions: 'assignErrors' },
            { target: 'submitting', actions: 'startSubmit' },
          ],
        },
      },
      submitting: {
        tags: ['busy'],
        // XState cannot work out its invoke config type while the body type B is still generic (it asks
        // whether `undefined extends B`), so the parameters are typed here and the config is passed as is.
        invoke: {
          src: 'submit',
          input: ({ context }: { context: FormSubmitContext<V, K> }) => toBody(context.values, context.lang),
          onDone: [
            { guard: { type: 'isAccepted', params: ({ event }: Done) => ({ answer: event.output }) }, target: 'submitted' },
            {
              target: 'editing',
              actions: {
                type: 'assignServerError',
                params: ({ event }: Done) => ({ message: event.output.kind === 'refused' ? event.output.message : '' }),
              },
            },
          ],
          // No answer: the HTTP adapter already showed the network or timeout dialog; the text stays.
          onError: { target: 'editing' },
        } as never,
      },
      submitted: {
        on: { 'form.reset': { target: 'editing', actions: 'reset' } },
      },
    },
  });
}
