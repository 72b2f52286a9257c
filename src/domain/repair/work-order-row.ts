import type { WorkOrderStep } from './work-order-status';

/** A spare part to choose (Component/GetList), its name in the page's language. */
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
  /** Raised by someone who scanned the machine's QR label (no spare part; issue 39). */
  fromLabel?: boolean;
  /** The company member who raised it (issue 37 item 4); '' or absent when unknown (a label request). */
  createdByName?: string;
}
