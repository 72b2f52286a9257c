import * as Alarm from '../../contract/alarm';
import type { DeliveryRecord, StoredRule, WebhookRecord } from '../../ports/alarm-store.port';
import { done, mapData } from '../outcome';
import { defineRoute, pageOf, type ApiRoute } from '../route-kit';
import { shownUrl } from '../services/alarms/alarm-notifier';
import type { AlarmSettingsService } from '../services/alarms/alarm-settings.service';

const ruleWire = (r: StoredRule) => ({
  MachineIds: r.machines === 'all' ? null : [...r.machines],
  Kinds: [...r.kinds],
  AllClear: r.allClear,
  QuietFrom: r.quiet?.from ?? null,
  QuietTo: r.quiet?.to ?? null,
  Zone: r.zone,
  Email: r.email,
  Bell: r.bell,
  Language: r.language,
});
// The receiver's key is in a robot's query and the secret signs: neither is answered.
const webhookWire = (w: WebhookRecord) => ({ Id: w.id, Format: w.format, Url: shownUrl(w.url), HasSecret: w.hasSecret, AllClear: w.allClear, Language: w.language, CreateTime: w.createdAt.toISOString() });
const deliveryWire = (d: DeliveryRecord) => ({
  Id: d.id,
  OrderNumber: d.message.orderNumber,
  MachineName: d.message.machineName,
  Kind: d.message.kind,
  Event: d.event,
  Channel: d.channel,
  Target: d.target,
  Status: d.status,
  Attempts: d.attempts,
  LastError: d.lastError,
  CreateTime: d.createdAt.toISOString(),
  SentTime: d.sentAt?.toISOString() ?? null,
});

/** A message's link as the app routes it: its path and query without the app's prefix. */
const appPathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname.replace(/^\/app(?=\/)/, '') + url.search;
};

/** Alarm notifications (issue 39 item 1): the caller's rule, their webhooks, the delivery log and the bell. */
export function alarmRoutes(deps: { alarmSettings: AlarmSettingsService }, bellWaitMs: number): ApiRoute[] {
  const { alarmSettings } = deps;
  return [
    defineRoute({
      call: Alarm.GetNotifyRule,
      access: 'customer', needs: 'self',
      handle: async ({ caller }) => mapData(await alarmSettings.rule(caller!.userId), ruleWire),
    }),
    defineRoute({
      call: Alarm.SaveNotifyRule,
      access: 'customer', needs: 'self',
      handle: ({ body, caller }) =>
        alarmSettings.saveRule(caller!.userId, caller!.companyId, {
          machineIds: body.MachineIds ?? null,
          kinds: body.Kinds,
          allClear: body.AllClear,
          quietFrom: body.QuietFrom ?? null,
          quietTo: body.QuietTo ?? null,
          zone: body.Zone,
          email: body.Email,
          bell: body.Bell,
          language: body.Language,
        }),
    }),
    defineRoute({
      call: Alarm.GetWebhooks,
      access: 'customer', needs: 'read',
      handle: async ({ caller }) => done((await alarmSettings.webhooks(caller!.companyId)).map(webhookWire)),
    }),
    defineRoute({
      call: Alarm.AddWebhook,
      access: 'customer', needs: 'machines',
      rateLimit: { max: 10, timeWindow: 60_000 },
      handle: async ({ body, caller }) =>
        mapData(
          await alarmSettings.addWebhook(caller!.companyId, { format: body.Format, url: body.Url, secret: body.Secret ?? '', allClear: body.AllClear ?? true, language: body.Language ?? 'zh' }),
          (w) => ({ Id: w.id }),
        ),
    }),
    defineRoute({
      call: Alarm.DeleteWebhook,
      access: 'customer', needs: 'machines',
      handle: ({ body, caller }) => alarmSettings.removeWebhook(caller!.companyId, body.Id),
    }),
    defineRoute({
      call: Alarm.GetDeliveries,
      access: 'customer', needs: 'read',
      handle: async ({ caller }) => done((await alarmSettings.deliveries({ ownerId: caller!.companyId })).map(deliveryWire)),
    }),
    defineRoute({
      call: Alarm.StaffGetDeliveries,
      access: 'staff',
      audit: 'read',
      handle: async ({ body }) =>
        mapData(
          await alarmSettings.deliveryLog(
            { status: body.Status || undefined, channel: body.Channel || undefined, companyId: body.CompanyId, orderNumber: body.OrderNumber || undefined, search: body.Search || undefined },
            pageOf(body),
          ),
          (rows) => rows.map((d) => ({ ...deliveryWire(d), OwnerAccount: d.ownerAccount, CompanyId: d.ownerId, CompanyName: d.companyName, OwnerName: d.ownerName })),
        ),
    }),
    defineRoute({
      call: Alarm.GetBell,
      access: 'customer', needs: 'self',
      handle: async ({ caller }) => {
        const bell = await alarmSettings.bell(caller!.userId, caller!.companyId);
        return done({
          Unread: bell.unread,
          Items: bell.items.map((d) => ({
            Id: d.id,
            Event: d.event,
            Kind: d.message.kind,
            OrderNumber: d.message.orderNumber,
            MachineName: d.message.machineName,
            AlarmText: d.message.text,
            EventNum: d.message.eventNum ?? '',
            Link: appPathOf(d.message.link),
            CreateTime: d.createdAt.toISOString(),
            Read: d.readAt !== null,
          })),
        });
      },
    }),
    defineRoute({
      call: Alarm.WaitBell,
      access: 'customer', needs: 'self',
      handle: async ({ body, caller, reply }) => {
        const gone = new Promise<void>((resolve) => reply.raw.on('close', () => resolve()));
        return done({ Unread: await alarmSettings.unreadAfter(caller!.userId, caller!.companyId, body.Unread, bellWaitMs, gone) });
      },
    }),
    defineRoute({
      call: Alarm.MarkBellRead,
      access: 'customer', needs: 'self',
      handle: async ({ body, caller }) => (await alarmSettings.markBellRead(caller!.userId, caller!.companyId, body.Id ?? null), done(null)),
    }),
  ];
}
