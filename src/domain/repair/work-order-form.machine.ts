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
export type SaveThresholdAnswer = { kind: 'saved' } | Refused;

export interface WorkOrderFormContext {
  values: WorkOrderFormValues;
  /** What a reset goes back to: the empty form with the customer's contact data (and a pre-fill). */
  defaults: WorkOrderFormValues;
  /** The chosen part has a threshold already (the optional field stays hidden). */
  partHasThreshold: boolean;
  /** Problems are shown once a field was left or a submit tried. */
  attempted: boolean;
  serverError: string;
  /** The last accepted submission. */
  result: { eventNum: string; signal: number; thresholdSaved: boolean } | null;
}

export type WorkOrderFormEvent =
  | { type: 'field.change'; field: 'orderNumber' | 'phone' | 'email' | 'company' | 'content' | 'userName' | 'threshold'; value: string }
  | { type: 'province.choose'; id: string; name: string }
  | { type: 'city.choose'; id: string; name: string }
  | { type: 'part.choose'; id: string; hasThreshold: boolean }
  /** Fills fields (contact data, a machine and an alarm from a live page); they become the reset target too. */
  | { type: 'prefill'; values: Partial<WorkOrderFormValues> }
  | { type: 'submit' }
  | { type: 'acknowledge' };

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

const thresholdToSave = (context: WorkOrderFormContext): number | null =>
  showsThreshold(context) && context.values.threshold.trim() ? parseThreshold(context.values.threshold) : null;

/**
 * The work-order form of `/click` (spec 3 sections 4 and 5): `editing` (submit only when
 * `canSubmit`), `submitting`, then `savingThreshold` when a threshold was typed for a part that
 * had none, `succeeded` (the success dialog; the form is reset) and, when the stock signal is 2 or
 * 0, `stockWarning` (the dialog that leads to the stock page).
 */
export const workOrderFormMachine = setup({
  types: { context: {} as WorkOrderFormContext, events: {} as WorkOrderFormEvent },
  actors: {
    submitOrder: fromPromise<SubmitOrderAnswer, WorkOrderFormValues>(async () => {
      throw new Error('workOrderForm: submitOrder not provided');
    }),
    saveThreshold: fromPromise<SaveThresholdAnswer, { partId: string; threshold: number }>(async () => {
      throw new Error('workOrderForm: saveThreshold not provided');
    }),
  },
  guards: {
    canSubmit: ({ context }) => canSubmit(context),
    accepted: (_, params: { answer: SubmitOrderAnswer }) => params.answer.kind === 'accepted',
    hasThresholdToSave: ({ context }) => thresholdToSave(context) !== null,
    offersStock: ({ context }) => !!context.result && offersStockPage(context.result.signal),
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
    prefill: assign(({ context, event }) => {
      if (event.type !== 'prefill') return {};
      const values = { ...context.values, ...event.values };
      if (!values.province) Object.assign(values, { city: '', cityName: '' });
      return { values, defaults: { ...context.defaults, ...event.values, sparePartId: '', threshold: '' } };
    }),
    attempt: assign({ attempted: true }),
    accept: assign((_, params: { eventNum: string; signal: number }) => ({ result: { eventNum: params.eventNum, signal: params.signal, thresholdSaved: false } })),
    thresholdSaved: assign(({ context }) => ({ result: context.result ? { ...context.result, thresholdSaved: true } : null })),
    refuse: assign((_, params: { message: string }) => ({ serverError: params.message })),
    reset: assign(({ context }) => ({ values: context.defaults, partHasThreshold: false, attempted: false, serverError: '' })),
  },
}).createMachine({
  id: 'workOrderForm',
  context: { values: EMPTY_WORK_ORDER, defaults: EMPTY_WORK_ORDER, partHasThreshold: false, attempted: false, serverError: '', result: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'change' },
        'province.choose': { actions: 'chooseProvince' },
        'city.choose': { actions: 'chooseCity' },
        'part.choose': { actions: 'choosePart' },
        prefill: { actions: 'prefill' },
        submit: [{ guard: 'canSubmit', target: 'submitting', actions: 'attempt' }, { actions: 'attempt' }],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'submitOrder',
        input: ({ context }) => context.values,
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => ({ answer: event.output }) },
            target: 'accepted',
            actions: {
              type: 'accept',
              params: ({ event }) => (event.output.kind === 'accepted' ? { eventNum: event.output.eventNum, signal: event.output.signal } : { eventNum: '', signal: 1 }),
            },
          },
          { target: 'editing', actions: { type: 'refuse', params: ({ event }) => ({ message: event.output.kind === 'refused' ? event.output.message : '' }) } },
        ],
        onError: { target: 'editing' },
      },
    },
    accepted: {
      always: [{ guard: 'hasThresholdToSave', target: 'savingThreshold' }, { target: 'succeeded' }],
    },
    savingThreshold: {
      tags: ['busy'],
      invoke: {
        src: 'saveThreshold',
        input: ({ context }) => ({ partId: context.values.sparePartId, threshold: thresholdToSave(context) ?? 0 }),
        onDone: [{ guard: ({ event }) => event.output.kind === 'saved', target: 'succeeded', actions: 'thresholdSaved' }, { target: 'succeeded' }],
        onError: { target: 'succeeded' },
      },
    },
    succeeded: {
      entry: 'reset',
      on: { acknowledge: [{ guard: 'offersStock', target: 'stockWarning' }, { target: 'editing' }] },
    },
    stockWarning: {
      on: { acknowledge: { target: 'editing' } },
    },
  },
});
