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

/**
 * What staff narrow the log by: '' for any status or channel; `search` a part of an order number,
 * a company's name or its founder; `companyId` one company ('' for all: the company page links here with it).
 */
export interface DeliveryLogFilter {
  status: '' | DeliveryStatus;
  channel: '' | DeliveryChannel;
  search: string;
  companyId: string;
}

export const ANY_DELIVERY: DeliveryLogFilter = { status: '', channel: '', search: '', companyId: '' };

/** A company id as a link carries it: a well-formed one, or '' (a malformed one would be refused by the call's schema). */
export const companyIdOf = (value: string | null): string => (value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value : '');
