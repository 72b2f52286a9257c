import type { AlarmKind } from '../domain/alarms/alarm-episode';
import type { NotifyRule } from '../domain/alarms/notify-rule';

export type Lang = 'zh' | 'en';
export type WebhookFormatName = 'json' | 'wecom' | 'dingtalk' | 'feishu';

/** A person's rule as stored, with the language their messages are written in. */
export interface StoredRule extends NotifyRule {
  language: Lang;
}

export interface WebhookRecord {
  id: number;
  ownerId: string;
  format: WebhookFormatName;
  url: string;
  hasSecret: boolean;
  allClear: boolean;
  language: Lang;
  createdAt: Date;
}

/** A webhook as the sender needs it: with its secret, which only the server reads. */
export interface WebhookTarget extends WebhookRecord {
  secret: string;
}

/** A member of the machine's company who may hear of it: their address and their own rule (null: the default). */
export interface AudienceMember {
  id: string;
  email: string | null;
  isDomestic: boolean;
  rule: StoredRule | null;
}

/**
 * Who hears of a machine's trouble: every member of the company that owns it, each by their own
 * rule (ADR 0030: the bell's notices are the company's, the rules the person's), and the
 * company's webhooks. `ownerId` is the company; `members` lists its founder first.
 */
export interface MachineAudience {
  machineId: number;
  orderNumber: string;
  name: string;
  seriesName: string;
  kind: 'sheet' | 'tube';
  ownerId: string;
  members: AudienceMember[];
  webhooks: WebhookTarget[];
}

/** What a message tells: an episode's opening or close, or a repair request raised from the machine's QR label (issue 39 item 3). */
export type DeliveryEvent = 'raised' | 'cleared' | 'labelRequest';

/** What a message says, rendered in its receiver's language when the change was written. */
export interface DeliveryMessage {
  title: string;
  lines: string[];
  link: string;
  /** The episode's kind; null for a label request. */
  kind: AlarmKind | null;
  orderNumber: string;
  machineName: string;
  /** The controller's alarm text, or the label requester's description of the fault (their own words). */
  text: string;
  at: string;
  /** A label request's work order. */
  eventNum?: string;
}

export interface NewDelivery {
  /** The episode told of, or (a label request) null and its work order's event number instead. */
  episodeId: string | null;
  workOrderEvent: string | null;
  ownerId: string;
  event: DeliveryEvent;
  channel: 'bell' | 'email' | 'webhook';
  userId: string | null;
  webhookId: number | null;
  target: string;
  /** A bell message is delivered as it is written. */
  status: 'pending' | 'sent';
  message: DeliveryMessage;
}

export interface DeliveryRecord {
  id: number;
  episodeId: string | null;
  ownerId: string;
  ownerAccount: string;
  event: DeliveryEvent;
  channel: 'bell' | 'email' | 'webhook';
  userId: string | null;
  webhookId: number | null;
  target: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string;
  createdAt: Date;
  sentAt: Date | null;
  readAt: Date | null;
  message: DeliveryMessage;
}

/** A delivery as the staff console's log shows it: with its company's name and founder. */
export interface StaffDeliveryRecord extends DeliveryRecord {
  companyName: string;
  ownerName: string;
}

/** What staff narrow the delivery log by; every field set narrows, Search matches a part. */
export interface StaffDeliveryFilter {
  status?: DeliveryRecord['status'];
  channel?: DeliveryRecord['channel'];
  companyId?: string;
  orderNumber?: string;
  search?: string;
}

/** A delivery claimed for sending, with what its channel needs. */
export interface ClaimedDelivery extends DeliveryRecord {
  webhook: WebhookTarget | null;
}

/** The alarm notifications' storage (issue 39 item 1). */
export interface AlarmStore {
  ruleOf(userId: string): Promise<StoredRule | null>;
  saveRule(userId: string, rule: StoredRule, at: Date): Promise<void>;
  webhooksOf(ownerId: string): Promise<WebhookRecord[]>;
  addWebhook(ownerId: string, webhook: { format: WebhookFormatName; url: string; secret: string; allClear: boolean; language: Lang }, at: Date): Promise<WebhookRecord>;
  removeWebhook(ownerId: string, id: number): Promise<boolean>;

  /** The episodes open now, by machine order number (a starting portal picks them up). */
  openEpisodes(): Promise<{ orderNumber: string; kind: AlarmKind; text: string; openedAt: Date }[]>;
  /** The machine's kind by order number, null for a machine the portal does not know. */
  kindOf(orderNumber: string): Promise<'sheet' | 'tube' | null>;
  audienceOf(orderNumber: string): Promise<MachineAudience | null>;
  /** Opens the machine's episode; null when one is open already (another portal raised it). */
  openEpisode(machineId: number, kind: AlarmKind, text: string, at: Date): Promise<string | null>;
  /** Closes the machine's open episode; null when none was open. */
  closeEpisode(machineId: number, at: Date): Promise<{ id: string; kind: AlarmKind; text: string; openedAt: Date } | null>;
  addDeliveries(rows: readonly NewDelivery[], at: Date): Promise<void>;

  /** Takes up to `limit` due deliveries, holding each for `leaseMs` (another portal skips them meanwhile). */
  claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedDelivery[]>;
  markSent(id: number, at: Date): Promise<void>;
  markRetry(id: number, nextAt: Date, error: string): Promise<void>;
  markFailed(id: number, error: string): Promise<void>;

  deliveriesOf(filter: { ownerId?: string; orderNumber?: string }, limit: number): Promise<DeliveryRecord[]>;
  /** Every company's deliveries, newest first, a page of them and the total (the staff console's log). */
  deliveryPage(filter: StaffDeliveryFilter, page: { offset: number; limit: number }): Promise<{ rows: StaffDeliveryRecord[]; total: number }>;
  /** A person's bell counts and rows are of one company (`ownerId`): the one they work in now. */
  unreadOf(userId: string, ownerId: string): Promise<number>;
  bellOf(userId: string, ownerId: string, limit: number): Promise<{ unread: number; items: DeliveryRecord[] }>;
  markBellRead(userId: string, ownerId: string, upToId: number | null, at: Date): Promise<void>;
}
