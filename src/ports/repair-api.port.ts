import type { DateType } from '../domain/repair/work-order-dates';
import type { SubmitOrderAnswer, WorkOrderFormValues } from '../domain/repair/work-order-form.machine';
import type { MonthFaultsAnswer, PartFaultsAnswer } from '../domain/repair/fault-summary.machine';
import type { StockAnswer, StockRow, StockWriteAnswer } from '../domain/repair/stock-page.machine';
import type { OrdersAnswer } from '../domain/repair/work-orders-page.machine';
import type { StatusFilter } from '../domain/repair/work-order-status';
import type { SparePartOption, WorkOrderRow } from '../domain/repair/work-order-row';

export type { SparePartOption, StockRow, WorkOrderRow };

export interface WorkOrderQuery {
  eventNum: string;
  dateType: DateType;
  status: StatusFilter;
  page: number;
  size: number;
}



/** Repair calls of the browser (spec 3 section 7) in domain terms. Calls reject only when no answer arrived. */
export interface RepairApiPort {
  parts(lang: 'zh' | 'en', signal?: AbortSignal): Promise<SparePartOption[]>;
  submit(values: WorkOrderFormValues, lang: 'zh' | 'en', signal?: AbortSignal): Promise<SubmitOrderAnswer>;
  saveThreshold(partId: string | number, threshold: string | number, signal?: AbortSignal): Promise<StockWriteAnswer>;
  /** QueryWorkOrders, then GetEventStatus for the page's numbers, merged by event number. */
  orders(query: WorkOrderQuery, lang: 'zh' | 'en', signal?: AbortSignal): Promise<OrdersAnswer>;
  stock(query: { page: number; size: number; partId?: string }, lang: 'zh' | 'en', signal?: AbortSignal): Promise<StockAnswer>;
  resetCount(partId: number, signal?: AbortSignal): Promise<StockWriteAnswer>;
  faultsPerPart(lang: 'zh' | 'en', signal?: AbortSignal): Promise<PartFaultsAnswer>;
  faultsPerMonth(partId: number | null, lang: 'zh' | 'en', signal?: AbortSignal): Promise<MonthFaultsAnswer>;
}
