import { assign, fromPromise, raise, setup } from 'xstate';
import { contactKindOf, contactProblem } from '../accounts/account-rules';
import { countDown, isLastSecond, lockCountdownRegion } from '../accounts/code-countdown.states';
import type { CallAnswer } from '../shared/call-answer';

/** What both calls refuse before a code is looked at: the label, the owner, the address, the hourly caps. */
type AdmissionRefusal = 'unknownLabel' | 'withdrawn' | 'noOwner' | 'contactRequired' | 'contactFormat' | 'machineBusy' | 'contactBusy';

/** SendLabelRequestCode in domain terms: the seconds until another code may be asked for. */
export type LabelCodeAnswer = CallAnswer<number, AdmissionRefusal | 'tooSoon'>;
/** RequestRepairByLabel in domain terms: the new work order's number. */
export type LabelRequestAnswer = CallAnswer<string, AdmissionRefusal | 'nameRequired' | 'contentRequired' | 'codeWrong' | 'codeLocked' | 'codeExpired' | 'codeMissing'>;

/** Why the form is not sent, as message keys under `devices.request.` (the browser's own checks and the server's refusals alike). */
export type LabelRequestProblem = Exclude<LabelCodeAnswer['kind'] | LabelRequestAnswer['kind'], 'done' | 'refused'> | 'codeRequired' | 'failed';

export type LabelRequestField = 'name' | 'contact' | 'code' | 'content';

export interface LabelRequestContext {
  label: string;
  name: string;
  contact: string;
  code: string;
  content: string;
  /** Seconds before another code may be asked for; the address is locked while above 0. */
  remaining: number;
  problem: LabelRequestProblem | null;
  /** A refusal the contract does not name, shown as the server said it. */
  serverError: string;
  /** The work order the request became. */
  eventNum: string;
}

export type LabelRequestEvent =
  | { type: 'field.change'; field: LabelRequestField; value: string }
  | { type: 'code.request' }
  | { type: 'form.submit' }
  /** Internal: the code went out, the countdown starts. */
  | { type: 'code.sent' };

const MAX_LENGTH: Record<LabelRequestField, number> = { name: 100, contact: 254, code: 12, content: 2000 };

const contactProblemOf = (contact: string): LabelRequestProblem | null => contactProblem(contactKindOf(contact.trim()), contact);

/** The first of the form's own problems, in the order the fields stand. */
export function labelRequestProblem(context: Pick<LabelRequestContext, LabelRequestField>): LabelRequestProblem | null {
  if (context.name.trim() === '') return 'nameRequired';
  const contact = contactProblemOf(context.contact);
  if (contact) return contact;
  if (context.code.trim() === '') return 'codeRequired';
  return context.content.trim() === '' ? 'contentRequired' : null;
}

const problemOf = (answer: Exclude<LabelCodeAnswer | LabelRequestAnswer, { kind: 'done' }>): Pick<LabelRequestContext, 'problem' | 'serverError'> =>
  answer.kind === 'refused' ? { problem: null, serverError: answer.message } : { problem: answer.kind, serverError: '' };

/**
 * The repair request a scanned QR label offers someone who is not the machine's owner (issue 39,
 * item 3): name, e-mail or phone, the code sent there, and what is wrong. A code locks the address
 * and counts 60 s down, as the other code forms do; the server checks the code and makes the owner's
 * work order; `submitted` holds its number.
 */
export const labelRequestMachine = setup({
  types: {
    context: {} as LabelRequestContext,
    events: {} as LabelRequestEvent,
    input: {} as { label: string },
  },
  actors: {
    requestCode: fromPromise<LabelCodeAnswer, { label: string; contact: string }>(async () => {
      throw new Error('labelRequest: requestCode not provided');
    }),
    submit: fromPromise<LabelRequestAnswer, { label: string; name: string; contact: string; code: string; content: string }>(async () => {
      throw new Error('labelRequest: submit not provided');
    }),
  },
  delays: { second: 1000 },
  actions: {
    tickCountdown: assign(({ context }) => ({ remaining: countDown(context.remaining) })),
    endCountdown: assign({ remaining: 0 }),
  },
  guards: {
    isLastSecond,
    isLocked: ({ context }) => context.remaining > 0,
    isContactInvalid: ({ context }) => contactProblemOf(context.contact) !== null,
    isFormInvalid: ({ context }) => labelRequestProblem(context) !== null,
  },
}).createMachine({
  id: 'labelRequest',
  context: ({ input }) => ({ label: input.label, name: '', contact: '', code: '', content: '', remaining: 0, problem: null, serverError: '', eventNum: '' }),
  type: 'parallel',
  states: {
    countdown: lockCountdownRegion,
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': {
              // The address a code went to stays as it was until another may be asked for.
              guard: ({ context, event }) => !(event.field === 'contact' && context.remaining > 0),
              actions: assign(({ event }) => ({ [event.field]: event.value.slice(0, MAX_LENGTH[event.field]), problem: null, serverError: '' })),
            },
            'code.request': [
              { guard: 'isLocked' },
              { guard: 'isContactInvalid', actions: assign(({ context }) => ({ problem: contactProblemOf(context.contact) })) },
              { target: 'requesting' },
            ],
            'form.submit': [
              { guard: 'isFormInvalid', actions: assign(({ context }) => ({ problem: labelRequestProblem(context) })) },
              { target: 'submitting' },
            ],
          },
        },
        requesting: {
          tags: ['busy'],
          invoke: {
            src: 'requestCode',
            input: ({ context }) => ({ label: context.label, contact: context.contact.trim() }),
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'done',
                target: 'editing',
                actions: [
                  assign(({ event }) => ({ remaining: event.output.kind === 'done' ? Math.max(0, Math.round(event.output.data)) : 0, problem: null, serverError: '' })),
                  raise({ type: 'code.sent' }),
                ],
              },
              { target: 'editing', actions: assign(({ event }) => (event.output.kind === 'done' ? {} : problemOf(event.output))) },
            ],
            onError: { target: 'editing', actions: assign({ problem: 'failed' as const, serverError: '' }) },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            src: 'submit',
            input: ({ context }) => ({
              label: context.label,
              name: context.name.trim(),
              contact: context.contact.trim(),
              code: context.code.trim(),
              content: context.content.trim(),
            }),
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'done',
                target: 'submitted',
                actions: assign(({ event }) => ({ eventNum: event.output.kind === 'done' ? event.output.data : '', problem: null, serverError: '' })),
              },
              { target: 'editing', actions: assign(({ event }) => (event.output.kind === 'done' ? {} : problemOf(event.output))) },
            ],
            onError: { target: 'editing', actions: assign({ problem: 'failed' as const, serverError: '' }) },
          },
        },
        submitted: { type: 'final' },
      },
    },
  },
});
