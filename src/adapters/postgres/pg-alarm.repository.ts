import { sql } from 'drizzle-orm';
import type { AlarmKind } from '../../domain/alarms/alarm-episode';
import type {
  AlarmStore,
  ClaimedDelivery,
  DeliveryRecord,
  Lang,
  MachineAudience,
  NewDelivery,
  StaffDeliveryFilter,
  StoredRule,
  WebhookFormatName,
  WebhookRecord,
  WebhookTarget,
} from '../../ports/alarm-store.port';
import { isUuid, type Executor } from './database';

type RuleRow = { machine_ids: number[] | null; kinds: string[]; all_clear: boolean; quiet_from: number | null; quiet_to: number | null; zone: string; email: boolean; bell: boolean; language: string };
type WebhookRow = { id: number; owner_id: string; format: string; url: string; secret: string; all_clear: boolean; language: string; created_at: Date | string };
type DeliveryRow = {
  id: string | number;
  episode_id: string | null;
  owner_id: string;
  owner_account: string | null;
  event: string;
  channel: string;
  user_id: string | null;
  webhook_id: number | null;
  target: string;
  status: string;
  attempts: number;
  last_error: string;
  created_at: Date | string;
  sent_at: Date | string | null;
  read_at: Date | string | null;
  message: DeliveryRecord['message'];
};

type AudienceRow = Omit<RuleRow, 'email'> & {
  user_id: string;
  email: string | null;
  is_domestic: number;
  has_rule: boolean;
  rule_email: boolean;
};

/** The person is (still) a member of the company: a left member's bell rows of it are not theirs to read. */
const memberOf = (userId: string, companyId: string) => sql`exists (select 1 from company_members cm where cm.company_id = ${companyId} and cm.user_id = ${userId})`;
const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const ruleOf = (r: RuleRow): StoredRule => ({
  machines: r.machine_ids ?? 'all',
  kinds: r.kinds as AlarmKind[],
  allClear: r.all_clear,
  quiet: r.quiet_from === null || r.quiet_to === null ? null : { from: r.quiet_from, to: r.quiet_to },
  zone: r.zone,
  email: r.email,
  bell: r.bell,
  language: r.language as Lang,
});
const webhookOf = (r: WebhookRow): WebhookTarget => ({
  id: Number(r.id),
  ownerId: r.owner_id,
  format: r.format as WebhookFormatName,
  url: r.url,
  secret: r.secret,
  hasSecret: r.secret !== '',
  allClear: r.all_clear,
  language: r.language as Lang,
  createdAt: date(r.created_at),
});
const publicWebhook = ({ secret: _secret, ...w }: WebhookTarget): WebhookRecord => w;
const deliveryOf = (r: DeliveryRow): DeliveryRecord => ({
  id: Number(r.id),
  episodeId: r.episode_id,
  ownerId: r.owner_id,
  ownerAccount: r.owner_account ?? '',
  event: r.event as DeliveryRecord['event'],
  channel: r.channel as DeliveryRecord['channel'],
  userId: r.user_id,
  webhookId: r.webhook_id === null ? null : Number(r.webhook_id),
  target: r.target,
  status: r.status as DeliveryRecord['status'],
  attempts: Number(r.attempts),
  lastError: r.last_error,
  createdAt: date(r.created_at),
  sentAt: r.sent_at === null ? null : date(r.sent_at),
  readAt: r.read_at === null ? null : date(r.read_at),
  message: r.message,
});

/** The alarm notifications in the portal's PostgreSQL (tables/alarms.ts). */
export class PgAlarmRepository implements AlarmStore {
  constructor(private readonly db: Executor) {}

  async ruleOf(userId: string) {
    const { rows } = await this.db.execute<RuleRow>(sql`select * from alarm_rules where user_id = ${userId}`);
    return rows[0] ? ruleOf(rows[0]) : null;
  }

  async saveRule(userId: string, rule: StoredRule, at: Date) {
    const machineIds = rule.machines === 'all' ? null : sql`${`{${rule.machines.join(',')}}`}::integer[]`;
    const kinds = sql`${`{${rule.kinds.join(',')}}`}::text[]`;
    await this.db.execute(sql`
      insert into alarm_rules (user_id, machine_ids, kinds, all_clear, quiet_from, quiet_to, zone, email, bell, language, updated_at)
      values (${userId}, ${machineIds}, ${kinds}, ${rule.allClear}, ${rule.quiet?.from ?? null}, ${rule.quiet?.to ?? null}, ${rule.zone}, ${rule.email}, ${rule.bell}, ${rule.language}, ${at})
      on conflict (user_id) do update set machine_ids = excluded.machine_ids, kinds = excluded.kinds, all_clear = excluded.all_clear,
        quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to, zone = excluded.zone, email = excluded.email, bell = excluded.bell,
        language = excluded.language, updated_at = excluded.updated_at`);
  }

  async webhooksOf(ownerId: string) {
    const { rows } = await this.db.execute<WebhookRow>(sql`select * from alarm_webhooks where owner_id = ${ownerId} order by id`);
    return rows.map((r) => publicWebhook(webhookOf(r)));
  }

  async addWebhook(ownerId: string, w: { format: WebhookFormatName; url: string; secret: string; allClear: boolean; language: Lang }, at: Date) {
    const { rows } = await this.db.execute<WebhookRow>(sql`
      insert into alarm_webhooks (owner_id, format, url, secret, all_clear, language, created_at)
      values (${ownerId}, ${w.format}, ${w.url}, ${w.secret}, ${w.allClear}, ${w.language}, ${at}) returning *`);
    return publicWebhook(webhookOf(rows[0]!));
  }

  async removeWebhook(ownerId: string, id: number) {
    const { rows } = await this.db.execute(sql`delete from alarm_webhooks where id = ${id} and owner_id = ${ownerId} returning id`);
    return rows.length > 0;
  }

  async openEpisodes() {
    const { rows } = await this.db.execute<{ order_number: string; kind: string; text: string; opened_at: Date | string }>(sql`
      select m.order_number, e.kind, e.text, e.opened_at from alarm_episodes e join machines m on m.id = e.machine_id where e.cleared_at is null`);
    return rows.map((r) => ({ orderNumber: r.order_number, kind: r.kind as AlarmKind, text: r.text, openedAt: date(r.opened_at) }));
  }

  async kindOf(orderNumber: string) {
    const { rows } = await this.db.execute<{ kind: string }>(sql`select kind from machines where order_number = ${orderNumber}`);
    const kind = rows[0]?.kind;
    return kind === 'sheet' || kind === 'tube' ? kind : null;
  }

  async audienceOf(orderNumber: string): Promise<MachineAudience | null> {
    const { rows } = await this.db.execute<{ id: number; order_number: string; name: string; series_name: string; kind: string; owner_id: string | null }>(sql`
      select m.id, m.order_number, m.name, m.series_name, m.kind, m.owner_id from machines m where m.order_number = ${orderNumber}`);
    const row = rows[0];
    if (!row || !row.owner_id) return null;
    const [members, hooks] = await Promise.all([
      this.db.execute<AudienceRow>(sql`
        select u.id as user_id, u.email, u.is_domestic, r.user_id is not null as has_rule,
          r.machine_ids, r.kinds, r.all_clear, r.quiet_from, r.quiet_to, r.zone, r.email as rule_email, r.bell, r.language
        from company_members cm join users u on u.id = cm.user_id left join alarm_rules r on r.user_id = cm.user_id
        where cm.company_id = ${row.owner_id}
        order by (cm.user_id = cm.company_id) desc, cm.joined_at, cm.user_id`),
      this.db.execute<WebhookRow>(sql`select * from alarm_webhooks where owner_id = ${row.owner_id} order by id`),
    ]);
    return {
      machineId: Number(row.id),
      orderNumber: row.order_number,
      name: row.name,
      seriesName: row.series_name,
      kind: row.kind === 'tube' ? 'tube' : 'sheet',
      ownerId: row.owner_id,
      members: members.rows.map((m) => ({
        id: m.user_id,
        email: m.email,
        isDomestic: Number(m.is_domestic) === 1,
        rule: m.has_rule ? ruleOf({ ...m, email: m.rule_email } as RuleRow) : null,
      })),
      webhooks: hooks.rows.map(webhookOf),
    };
  }

  async openEpisode(machineId: number, kind: AlarmKind, text: string, at: Date) {
    const { rows } = await this.db.execute<{ id: string }>(sql`
      insert into alarm_episodes (machine_id, kind, text, opened_at) values (${machineId}, ${kind}, ${text}, ${at})
      on conflict (machine_id) where cleared_at is null do nothing returning id`);
    return rows[0]?.id ?? null;
  }

  async closeEpisode(machineId: number, at: Date) {
    const { rows } = await this.db.execute<{ id: string; kind: string; text: string; opened_at: Date | string }>(sql`
      update alarm_episodes set cleared_at = ${at} where machine_id = ${machineId} and cleared_at is null returning id, kind, text, opened_at`);
    const r = rows[0];
    return r ? { id: r.id, kind: r.kind as AlarmKind, text: r.text, openedAt: date(r.opened_at) } : null;
  }

  async addDeliveries(list: readonly NewDelivery[], at: Date) {
    if (!list.length) return;
    const values = list.map(
      (d) =>
        sql`(${d.episodeId}, ${d.workOrderEvent}, ${d.ownerId}, ${d.event}, ${d.channel}, ${d.userId}, ${d.webhookId}, ${d.target}, ${d.status}, ${at}, ${d.status === 'sent' ? at : null}, ${at}, ${JSON.stringify(d.message)}::jsonb)`,
    );
    await this.db.execute(sql`
      insert into alarm_deliveries (episode_id, work_order_event, owner_id, event, channel, user_id, webhook_id, target, status, next_at, sent_at, created_at, message)
      values ${sql.join(values, sql`, `)}`);
  }

  async claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
    const { rows } = await this.db.execute<DeliveryRow & { w_id: number | null } & { [k: `w_${string}`]: unknown }>(sql`
      with due as (
        select id from alarm_deliveries where status = 'pending' and next_at <= ${now} order by next_at limit ${limit} for update skip locked
      )
      update alarm_deliveries d set attempts = d.attempts + 1, next_at = ${new Date(now.getTime() + leaseMs)}
      from due where d.id = due.id
      returning d.*`);
    const hookIds = [...new Set(rows.map((r) => r.webhook_id).filter((id): id is number => id !== null))];
    const hooks = hookIds.length
      ? (await this.db.execute<WebhookRow>(sql`select * from alarm_webhooks where id in (${sql.join(hookIds.map((id) => sql`${id}`), sql`, `)})`)).rows.map(webhookOf)
      : [];
    return rows.map((r) => ({ ...deliveryOf({ ...r, owner_account: null }), webhook: hooks.find((h) => h.id === Number(r.webhook_id)) ?? null }));
  }

  async markSent(id: number, at: Date) {
    await this.db.execute(sql`update alarm_deliveries set status = 'sent', sent_at = ${at}, last_error = '' where id = ${id}`);
  }

  async markRetry(id: number, nextAt: Date, error: string) {
    await this.db.execute(sql`update alarm_deliveries set next_at = ${nextAt}, last_error = ${error} where id = ${id}`);
  }

  async markFailed(id: number, error: string) {
    await this.db.execute(sql`update alarm_deliveries set status = 'failed', last_error = ${error} where id = ${id}`);
  }

  async deliveriesOf(filter: { ownerId?: string; orderNumber?: string }, limit: number) {
    const conditions = [sql`true`];
    if (filter.ownerId) conditions.push(sql`d.owner_id = ${filter.ownerId}`);
    if (filter.orderNumber) conditions.push(sql`d.message->>'orderNumber' = ${filter.orderNumber}`);
    const { rows } = await this.db.execute<DeliveryRow>(sql`
      select d.*, u.account as owner_account from alarm_deliveries d left join users u on u.id = d.owner_id
      where ${sql.join(conditions, sql` and `)} order by d.created_at desc, d.id desc limit ${limit}`);
    return rows.map(deliveryOf);
  }

  async deliveryPage(filter: StaffDeliveryFilter, page: { offset: number; limit: number }) {
    const conditions = [sql`true`];
    if (filter.status) conditions.push(sql`d.status = ${filter.status}`);
    if (filter.channel) conditions.push(sql`d.channel = ${filter.channel}`);
    // A malformed id is no company: nothing matches, never a database error.
    if (filter.companyId !== undefined) conditions.push(isUuid(filter.companyId) ? sql`d.owner_id = ${filter.companyId}` : sql`false`);
    if (filter.orderNumber) conditions.push(sql`d.message->>'orderNumber' = ${filter.orderNumber}`);
    if (filter.search?.trim()) {
      const p = `%${filter.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(sql`(d.message->>'orderNumber' ilike ${p} or c.name ilike ${p} or u.account ilike ${p} or u.real_name ilike ${p})`);
    }
    const where = sql.join(conditions, sql` and `);
    const from = sql`from alarm_deliveries d left join users u on u.id = d.owner_id left join companies c on c.id = d.owner_id`;
    const [rows, total] = await Promise.all([
      this.db.execute<DeliveryRow & { company_name: string | null; owner_name: string | null }>(sql`
        select d.*, u.account as owner_account, u.real_name as owner_name, c.name as company_name ${from}
        where ${where} order by d.created_at desc, d.id desc offset ${page.offset} limit ${page.limit}`),
      this.db.execute<{ n: string }>(sql`select count(*) as n ${from} where ${where}`),
    ]);
    return {
      rows: rows.rows.map((r) => ({ ...deliveryOf(r), companyName: r.company_name ?? '', ownerName: r.owner_name ?? '' })),
      total: Number(total.rows[0]?.n ?? 0),
    };
  }

  async unreadOf(userId: string, ownerId: string) {
    const { rows } = await this.db.execute<{ n: string }>(
      sql`select count(*) as n from alarm_deliveries where channel = 'bell' and user_id = ${userId} and owner_id = ${ownerId} and read_at is null and ${memberOf(userId, ownerId)}`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  async bellOf(userId: string, ownerId: string, limit: number) {
    const [items, unread] = await Promise.all([
      this.db.execute<DeliveryRow>(sql`
        select d.*, null as owner_account from alarm_deliveries d
        where d.channel = 'bell' and d.user_id = ${userId} and d.owner_id = ${ownerId} and ${memberOf(userId, ownerId)} order by d.created_at desc, d.id desc limit ${limit}`),
      this.unreadOf(userId, ownerId),
    ]);
    return { unread, items: items.rows.map(deliveryOf) };
  }

  async markBellRead(userId: string, ownerId: string, upToId: number | null, at: Date) {
    await this.db.execute(sql`
      update alarm_deliveries set read_at = ${at} where channel = 'bell' and user_id = ${userId} and owner_id = ${ownerId} and read_at is null
        ${upToId === null ? sql`` : sql`and id <= ${upToId}`}`);
  }
}
