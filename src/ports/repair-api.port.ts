import type { DateType } from '../domain/repair/work-order-dates';
import type { SaveThresholdAnswer, SubmitOrderAnswer, WorkOrderFormValues } from '../domain/repair/work-order-form.machine';
import type { StatusFilter, WorkOrderStep } from '../domain/repair/work-order-status';
import type { Refused } from '../domain/shared/refused';

export interface SparePartOption {
  id: number;
  name: string;
}

/** A row of the work-order list (spec 3 section 3), its step merged from GetEventStatus. */
export interface WorkOrderRow {
  eventNum: string;
  orderNumber: string;
  company: string;
  userName: string;
  phone: string;
  email: string;
  provinceName: string;
  cityName: string;
  sparePart: string;
  content: string;
  createTime: string;
  /** 0 pending, 1 in progress, 2 done (GetEventStatus; the list's own Status until it answers). */
  step: WorkOrderStep;
  note: string;
}

export interface WorkOrderQuery {
  eventNum: string;
  dateType: DateType;
  status: StatusFilter;
  page: number;
  size: number;
}

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
}

export type PageAnswer<T> = { kind: 'page'; rows: T[]; total: number } | Refused;
export type DoneAnswer = { kind: 'done' } | Refused;

/** Repair calls of the browser (spec 3 section 7) in domain terms. Calls reject only when no answer arrived. */
export interface RepairApiPort {
  parts(lang: 'zh' | 'en', signal?: AbortSignal): Promise<SparePartOption[]>;
  submit(values: WorkOrderFormValues, lang: 'zh' | 'en', signal?: AbortSignal): Promise<SubmitOrderAnswer>;
  saveThreshold(partId: string | number, threshold: string | number, signal?: AbortSignal): Promise<SaveThresholdAnswer>;
  /** QueryWorkOrders, then GetEventStatus for the page's numbers, merged by event number. */
  orders(query: WorkOrderQuery, lang: 'zh' | 'en', signal?: AbortSignal): Promise<PageAnswer<WorkOrderRow>>;
  stock(query: { page: number; size: number; partId?: string }, lang: 'zh' | 'en', signal?: AbortSignal): Promise<PageAnswer<StockRow>>;
  resetCount(partId: number, signal?: AbortSignal): Promise<DoneAnswer>;
  faultsPerPart(lang: 'zh' | 'en', signal?: AbortSignal): Promise<{ kind: 'list'; parts: Array<{ id: number; name: string; count: number }> } | Refused>;
  faultsPerMonth(
    partId: number | null,
    lang: 'zh' | 'en',
    signal?: AbortSignal,
  ): Promise<{ kind: 'list'; months: Array<{ date: string; counts: Array<{ name: string; count: number }> }> } | Refused>;
}
