import { assign, fromPromise, raise, setup } from 'xstate';
import type { Refused } from '../shared/refused';
import { parseThreshold, thresholdProblem } from './stock-threshold';
import type { Language } from '../accounts/language';

/** A customer's record of one spare part (ComponentUserNumber/GetList). */
export interface StockRow {
  id: number;
  code: string;
  name: string;
  specifications: string;
  size: string;
  sumNumber: number;
  submitNumber: number;
  threshold: number | null;
  createTime: string;
  /** The company member who last set the threshold or reset the count (issue 37 item 4); '' when nobody has. */
  changedByName?: string;
}

export const STOCK_PAGE_SIZE = 10;

export type StockAnswer = { kind: 'page'; rows: StockRow[]; total: number } | Refused;
export type StockWriteAnswer = { kind: 'done' } | Refused;

export interface StockPageContext {
  language: Language;
  /** The one part the page was opened for (`?Id=`, from the stock warning), or '' for all. */
  partId: string;
  page: number;
  rows: StockRow[];
  total: number;
  failed: boolean;
  /** The row whose threshold modal is open, and what its field holds. */
  editing: StockRow | null;
  draft: string;
}

export type StockPageEvent =
  | { type: 'page.choose'; page: number }
  | { type: 'part.show'; partId: string }
  | { type: 'language.change'; language: Language }
  | { type: 'edit.open'; row: StockRow }
  | { type: 'edit.change'; value: string }
  | { type: 'edit.save' }
  | { type: 'edit.close' }
  | { type: 'count.reset'; row: StockRow }
  /** Raised after an accepted save or reset. */
  | { type: 'list.reload' };

/** The modal's save is enabled: the threshold rule accepts the field (spec 3 section 5). */
export const canSaveThreshold = (context: Pick<StockPageContext, 'draft'>): boolean => thresholdProblem(context.draft) === null;

/**
 * `/Stock` (spec 3 section 4): the caller's spare parts, 10 a page (one part with `?Id=`), with
 * their counts and thresholds; the modal that edits a threshold (saved only when the rule accepts
 * it) and the reset of a part's count. A save or a reset that is accepted loads the page again; each
 * outcome is told by a named action (`notify*`, the view's toasts).
 */
export const stockPageMachine = setup({
  types: {
    context: {} as StockPageContext,
    events: {} as StockPageEvent,
    input: {} as { language: Language; partId?: string },
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    loadStock: fromPromise<StockAnswer, { page: number; size: number; partId: string; language: Language }>(async () => {
      throw new Error('stockPage: loadStock not provided');
    }),
    saveThreshold: fromPromise<StockWriteAnswer, { partId: number; threshold: number }>(async () => {
      throw new Error('stockPage: saveThreshold not provided');
    }),
    resetCount: fromPromise<StockWriteAnswer, { partId: number }>(async () => {
      throw new Error('stockPage: resetCount not provided');
    }),
  },
  guards: {
    canSave: ({ context }) => canSaveThreshold(context),
    isDone: (_, params: { answer: StockWriteAnswer }) => params.answer.kind === 'done',
    isOtherPart: ({ context, event }) => event.type === 'part.show' && event.partId !== context.partId,
    isOtherLanguage: ({ context, event }) => event.type === 'language.change' && event.language !== context.language,
  },
  actions: {
    notifyLoadFailed: () => {},
    notifySaved: () => {},
    notifySaveFailed: (_, _params: { message: string }) => {},
    notifyResetDone: () => {},
    notifyResetFailed: () => {},
    reloadList: raise({ type: 'list.reload' }),
  },
}).createMachine({
  id: 'stockPage',
  type: 'parallel',
  context: ({ input }) => ({ language: input.language, partId: input.partId ?? '', page: 1, rows: [], total: 0, failed: false, editing: null, draft: '' }),
  states: {
    list: {
      initial: 'loading',
      on: {
        'page.choose': { target: '.loading', actions: assign(({ event }) => ({ page: Math.max(1, Math.floor(event.page) || 1) })) },
        'part.show': { guard: 'isOtherPart', target: '.loading', actions: assign(({ event }) => ({ partId: event.partId, page: 1 })) },
        'language.change': { guard: 'isOtherLanguage', target: '.loading', actions: assign(({ event }) => ({ language: event.language })) },
        'list.reload': { target: '.loading' },
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            src: 'loadStock',
            input: ({ context }) => ({ page: context.page, size: STOCK_PAGE_SIZE, partId: context.partId, language: context.language }),
            onDone: [
              { guard: ({ event }) => event.output.kind === 'page', target: 'ready', actions: assign(({ event }) => (event.output.kind === 'page' ? { rows: event.output.rows, total: event.output.total, failed: false } : {})) },
              { target: 'ready', actions: [assign({ rows: [], total: 0, failed: true }), 'notifyLoadFailed'] },
            ],
            onError: { target: 'ready', actions: assign({ rows: [], total: 0, failed: true }) },
          },
        },
        ready: {},
      },
    },
    edit: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'edit.open': { target: 'open', actions: assign(({ event }) => ({ editing: event.row, draft: event.row.threshold === null ? '' : String(event.row.threshold) })) } },
        },
        open: {
          on: {
            'edit.change': { actions: assign(({ event }) => ({ draft: event.value })) },
            'edit.save': { guard: 'canSave', target: 'saving' },
            'edit.close': { target: 'closed', actions: assign({ editing: null, draft: '' }) },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            src: 'saveThreshold',
            input: ({ context }) => ({ partId: context.editing!.id, threshold: parseThreshold(context.draft)! }),
            onDone: [
              {
                guard: { type: 'isDone', params: ({ event }) => ({ answer: event.output }) },
                target: '#stockPage.edit.closed',
                actions: [assign({ editing: null, draft: '' }), 'notifySaved', 'reloadList'],
              },
              { target: 'open', actions: { type: 'notifySaveFailed', params: ({ event }) => ({ message: event.output.kind === 'refused' ? event.output.message : '' }) } },
            ],
            onError: { target: 'open', actions: { type: 'notifySaveFailed', params: { message: '' } } },
          },
        },
      },
    },
    reset: {
      initial: 'idle',
      states: {
        idle: { on: { 'count.reset': 'resetting' } },
        resetting: {
          tags: ['busy'],
          invoke: {
            src: 'resetCount',
            input: ({ event }) => ({ partId: event.type === 'count.reset' ? event.row.id : 0 }),
            onDone: [
              { guard: { type: 'isDone', params: ({ event }) => ({ answer: event.output }) }, target: 'idle', actions: ['notifyResetDone', 'reloadList'] },
              { target: 'idle', actions: 'notifyResetFailed' },
            ],
            onError: { target: 'idle', actions: 'notifyResetFailed' },
          },
        },
      },
    },
  },
});
