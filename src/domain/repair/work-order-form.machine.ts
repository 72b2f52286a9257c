import { assign, fromPromise, setup } from 'xstate';
import type { Refused } from '../shared/refused';
import { offersStockPage, parseThreshold, thresholdProblem } from './stock-threshold';
import { workOrderProblems, type WorkOrderField, type WorkOrderFields } from './work-order-rules';

/** Everything the form holds: the rule fields, the names shown beside the ids, and the optional threshold. */
export interface WorkOrderFormValues extends WorkOrderFields {
  userName: string;
  provinceName: string;
  cityName: string;
  /** The optional stock threshold (only when the chosen part has none yet). */
  threshold: string;
}

export const EMPTY_WORK_ORDER: WorkOrderFormValues = {
  orderNumber: '',
  phone: '',
  email: '',
  company: '',
  province: '',
  city: '',
  sparePartId: '',
  content: '',
  userName: '',
  provinceName: '',
  cityName: '',
  threshold: '',
};

/** The server's answer to a submission: the event number and the stock signal (ReturnCount), or its refusal. */
export type SubmitOrderAnswer = { kind: 'accepted'; eventNum: string; signal: number } | Refused;

/** An accepted submission: what the page shows and counts after it (the machine's output). */
export interface AcceptedOrder {
  eventNum: string;
  /** ReturnCount: 2 the part's count reached the threshold, 0 none is set, 1 below it. */
  signal: number;
  /** A threshold went with the order and was saved in the same call. */
  thresholdSaved: boolean;
  partId: string;
}

export interface WorkOrderFormContext {
  values: WorkOrderFormValues;
  /** The chosen part has a threshold already (the optional field stays hidden). */
  partHasThreshold: boolean;
  /** Problems are shown once a field was left or a submit tried. */
  attempted: boolean;
  serverError: string;
  /** The server's acceptance, once it came (the machine is then done). */
  accepted: AcceptedOrder | null;
}

export type WorkOrderFormEvent =
  | { type: 'field.change'; field: 'orderNumber' | 'phone' | 'email' | 'company' | 'content' | 'userName' | 'threshold'; value: string }
  | { type: 'province.choose'; id: string; name: string }
  | { type: 'city.choose'; id: string; name: string }
  | { type: 'part.choose'; id: string; hasThreshold: boolean }
  | { type: 'submit' };

/** Shows the optional threshold field: a part is chosen and it has no threshold yet. */
export const showsThreshold = (context: Pick<WorkOrderFormContext, 'values' | 'partHasThreshold'>): boolean =>
  !!context.values.sparePartId && !context.partHasThreshold;

/** The problems of the form as it stands (the threshold's only when one was typed into the shown field). */
export function formProblems(context: Pick<WorkOrderFormContext, 'values' | 'partHasThreshold'>): Partial<Record<WorkOrderField | 'threshold', string>> {
  const problems: Partial<Record<WorkOrderField | 'threshold', string>> = { ...workOrderProblems(context.values) };
  if (showsThreshold(context) && context.values.threshold.trim()) {
    const problem = thresholdProblem(context.values.threshold);
    if (problem) problems.threshold = problem;
  }
  return problems;
}

/** Submit is enabled only when every field is filled and valid, the content more than whitespace. */
export const canSubmit = (context: Pick<WorkOrderFormContext, 'values' | 'partHasThreshold'>): boolean => Object.keys(formProblems(context)).length === 0;

/** The city list is enabled once a province is chosen. */
export const cityEnabled = (context: Pick<WorkOrderFormContext, 'values'>): boolean => !!context.values.province;

/** What a submission sends: the values, the threshold only when the shown field holds one. */
export const submissionOf = (context: Pick<WorkOrderFormContext, 'values' | 'partHasThreshold'>): WorkOrderFormValues => ({
  ...context.values,
  threshold: showsThreshold(context) && context.values.threshold.trim() ? String(parseThreshold(context.values.threshold)) : '',
});

/**
 * The work-order form of `/click` (spec 3 sections 4 and 5): `editing` (submit only when
 * `canSubmit`), `submitting` (the order with the optional threshold, saved by the server in the
 * same transaction before the count, so the stock signal reads it), and `done` once the server
 * accepted it, with the `AcceptedOrder` as its output. A refusal keeps the values and shows it. The
 * page (work-orders-page.machine.ts) shows the success and the stock warning and starts a new
 * form, reset to `defaults` (the customer's contact data and a machine and an alarm from a live page).
 */
export const workOrderFormMachine = setup({
  types: {
    context: {} as WorkOrderFormContext,
    events: {} as WorkOrderFormEvent,
    input: {} as { defaults?: Partial<WorkOrderFormValues> } | undefined,
    output: {} as AcceptedOrder,
    tags: {} as 'busy',
  },
  actors: {
    submitOrder: fromPromise<SubmitOrderAnswer, WorkOrderFormValues>(async () => {
      throw new Error('workOrderForm: submitOrder not provided');
    }),
  },
  guards: {
    canSubmit: ({ context }) => canSubmit(context),
    accepted: (_, params: { answer: SubmitOrderAnswer }) => params.answer.kind === 'accepted',
  },
  actions: {
    change: assign(({ context, event }) =>
      event.type === 'field.change' ? { values: { ...context.values, [event.field]: event.value }, serverError: '' } : {},
    ),
    chooseProvince: assign(({ context, event }) =>
      event.type === 'province.choose'
        ? { values: { ...context.values, province: event.id, provinceName: event.id ? event.name : '', city: '', cityName: '' }, serverError: '' }
        : {},
    ),
    chooseCity: assign(({ context, event }) =>
      event.type === 'city.choose' && context.values.province ? { values: { ...context.values, city: event.id, cityName: event.id ? event.name : '' } } : {},
    ),
    choosePart: assign(({ context, event }) =>
      event.type === 'part.choose' ? { values: { ...context.values, sparePartId: event.id, threshold: '' }, partHasThreshold: event.hasThreshold } : {},
    ),
    attempt: assign({ attempted: true }),
    refuse: assign((_, params: { message: string }) => ({ serverError: params.message })),
  },
}).createMachine({
  id: 'workOrderForm',
  context: ({ input }) => {
    const values = { ...EMPTY_WORK_ORDER, ...input?.defaults, sparePartId: '', threshold: '' };
    if (!values.province) Object.assign(values, { city: '', cityName: '' });
    return { values, partHasThreshold: false, attempted: false, serverError: '', accepted: null };
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'change' },
        'province.choose': { actions: 'chooseProvince' },
        'city.choose': { actions: 'chooseCity' },
        'part.choose': { actions: 'choosePart' },
        submit: [{ guard: 'canSubmit', target: 'submitting', actions: 'attempt' }, { actions: 'attempt' }],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'submitOrder',
        input: ({ context }) => submissionOf(context),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => ({ answer: event.output }) },
            target: 'done',
            actions: assign(({ context, event }) => ({
              accepted:
                event.output.kind === 'accepted'
                  ? { eventNum: event.output.eventNum, signal: event.output.signal, thresholdSaved: submissionOf(context).threshold !== '', partId: context.values.sparePartId }
                  : null,
            })),
          },
          { target: 'editing', actions: { type: 'refuse', params: ({ event }) => ({ message: event.output.kind === 'refused' ? event.output.message : '' }) } },
        ],
        onError: { target: 'editing' },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => context.accepted!,
});
