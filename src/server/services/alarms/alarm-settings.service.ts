import { ALARM_KINDS } from '../../../domain/alarms/alarm-episode';
import type { RuleDraft } from '../../../domain/alarms/notify-rule';
import type { AlarmStore, DeliveryRecord, Lang, StaffDeliveryFilter, StaffDeliveryRecord, StoredRule, WebhookFormatName, WebhookRecord } from '../../../ports/alarm-store.port';
import type { UserRepository } from '../../../ports/accounts-store.port';
import type { Clock } from '../../../ports/clock.port';
import type { MachineStore } from '../../../ports/machine-store.port';
import { done, refuse, type Outcome } from '../../outcome';
import { defaultRuleFor } from './alarm-notifier';
import type { BellSignals } from './bell-signals';
import { isPrivateHost } from '../../../adapters/webhook/public-address';
import { dateFormat } from '../../../domain/shared/date-format';

export const MAX_WEBHOOKS = 5;
/** How many rows the delivery log answers (the newest). */
export const DELIVERY_LOG_ROWS = 200;
/** A signed JSON webhook's secret: long enough that the receiver's check means something. */
export const MIN_SECRET_LENGTH = 16;

/** A save of the rule: the fields as the form sends them, and the page's language. */
export type RuleInput = RuleDraft & { language: Lang };

const isZone = (zone: string) => {
  try {
    dateFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** What a person sets for the alarm notifications (their rule, the owner's webhooks) and the logs they read. */
export class AlarmSettingsService {
  constructor(
    private readonly store: AlarmStore,
    private readonly users: UserRepository,
    private readonly machines: MachineStore,
    private readonly clock: Clock,
    private readonly bells: BellSignals,
    /** Receivers on this machine or a private network are taken (a development portal); else refused. */
    private readonly allowPrivate = false,
  ) {}

  async rule(userId: string): Promise<Outcome<StoredRule, never>> {
    const rule = await this.store.ruleOf(userId);
    if (rule) return done(rule);
    const user = await this.users.findById(userId);
    return done(defaultRuleFor({ isDomestic: user?.isDomestic === 1 }));
  }

  /** The person's rule; the machines it names must be of the company they work in (`companyId`). */
  async saveRule(userId: string, companyId: string, input: RuleInput): Promise<Outcome<null, 'badZone' | 'badQuiet' | 'notYours'>> {
    if (!isZone(input.zone)) return refuse('badZone');
    if ((input.quietFrom === null) !== (input.quietTo === null)) return refuse('badQuiet');
    if (input.machineIds) {
      const mine = new Set((await this.machines.listByOwner(companyId)).map((m) => m.id));
      if (!input.machineIds.every((id) => mine.has(id))) return refuse('notYours');
    }
    const rule: StoredRule = {
      machines: input.machineIds ? [...new Set(input.machineIds)] : 'all',
      kinds: ALARM_KINDS.filter((k) => input.kinds.includes(k)),
      allClear: input.allClear,
      quiet: input.quietFrom === null || input.quietTo === null ? null : { from: input.quietFrom, to: input.quietTo },
      zone: input.zone,
      email: input.email,
      bell: input.bell,
      language: input.language,
    };
    await this.store.saveRule(userId, rule, this.clock.now());
    return done(null);
  }

  webhooks(ownerId: string): Promise<WebhookRecord[]> {
    return this.store.webhooksOf(ownerId);
  }

  async addWebhook(
    ownerId: string,
    input: { format: WebhookFormatName; url: string; secret: string; allClear: boolean; language: Lang },
  ): Promise<Outcome<WebhookRecord, 'badUrl' | 'privateUrl' | 'secretRequired' | 'tooMany'>> {
    let url: URL;
    try {
      url = new URL(input.url.trim());
    } catch {
      return refuse('badUrl');
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return refuse('badUrl');
    if (!this.allowPrivate && isPrivateHost(url.hostname)) return refuse('privateUrl');
    if (input.format === 'json' && input.secret.length < MIN_SECRET_LENGTH) return refuse('secretRequired');
    if ((await this.store.webhooksOf(ownerId)).length >= MAX_WEBHOOKS) return refuse('tooMany');
    return done(await this.store.addWebhook(ownerId, { ...input, url: url.toString() }, this.clock.now()));
  }

  async removeWebhook(ownerId: string, id: number): Promise<Outcome<null, 'notFound'>> {
    return (await this.store.removeWebhook(ownerId, id)) ? done(null) : refuse('notFound');
  }

  deliveries(filter: { ownerId?: string; orderNumber?: string }): Promise<DeliveryRecord[]> {
    return this.store.deliveriesOf(filter, DELIVERY_LOG_ROWS);
  }

  /** Every company's deliveries for staff, a page of them; ReturnCount is the total. */
  async deliveryLog(filter: StaffDeliveryFilter, page: { offset: number; limit: number }): Promise<Outcome<StaffDeliveryRecord[]>> {
    const { rows, total } = await this.store.deliveryPage(filter, page);
    return done(rows, total);
  }

  /** The person's bell in the company they work in: its notices of that company's machines (ADR 0030). */
  bell(userId: string, companyId: string) {
    return this.store.bellOf(userId, companyId, 30);
  }

  async markBellRead(userId: string, companyId: string, upToId: number | null): Promise<void> {
    await this.store.markBellRead(userId, companyId, upToId, this.clock.now());
    this.bells.changed([userId]);
  }

  /**
   * The unread count once it differs from `known` (a long poll): at once when it does already,
   * else when the person's bell changes or after `waitMs`, or when `gone` (the caller left).
   */
  async unreadAfter(userId: string, companyId: string, known: number | undefined, waitMs: number, gone: Promise<void>): Promise<number> {
    const now = await this.store.unreadOf(userId, companyId);
    if (known === undefined || now !== known) return now;
    let stop = () => {};
    await Promise.race([
      gone,
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        const unwatch = this.bells.watch(userId, resolve);
        stop = () => (clearTimeout(timer), unwatch());
      }),
    ]);
    stop();
    return this.store.unreadOf(userId, companyId);
  }
}
