import type { AlarmKind } from '../alarms/alarm-episode';

/**
 * Every company's alarm notifications as the staff console's delivery log shows them (issue 39
 * item 1, `Staff/GetAlarmDeliveries`): read only, paged on the server, with the error of a failed one.
 */

export type DeliveryStatus = 'pending' | 'sent' | 'failed';
export type DeliveryChannel = 'bell' | 'email' | 'webhook';
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'sent', 'failed'];
export const DELIVERY_CHANNELS: readonly DeliveryChannel[] = ['bell', 'email', 'webhook'];

export interface StaffDelivery {
  id: number;
  companyId: string;
  /** '' for a company of one, named after its founder. */
  companyName: string;
  ownerName: string;
  ownerAccount: string;
  orderNumber: string;
  machineName: string;
  /** Null for a repair request from the machine's QR label. */
  kind: AlarmKind | null;
  event: 'raised' | 'cleared' | 'labelRequest';
  channel: DeliveryChannel;
  target: string;
  status: DeliveryStatus;
  attempts: number;
  lastError: string;
  createdAt: string;
  sentAt: string;
}

/** What staff narrow the log by: '' for any status or channel; `search` a part of an order number, a company's name or its founder. */
export interface DeliveryLogFilter {
  status: '' | DeliveryStatus;
  channel: '' | DeliveryChannel;
  search: string;
}

export const ANY_DELIVERY: DeliveryLogFilter = { status: '', channel: '', search: '' };
