import { ContainerModule } from 'inversify';
import { fromPromise } from 'xstate';
import { readCallAnswer } from '../adapters/ky/call-answer.reader';
import * as Alarm from '../contract/alarm';
import * as Machine from '../contract/machine';
import { bellMachine, type BellItem } from '../domain/alarms/bell.machine';
import { notifySettingsMachine, type Delivery, type HookDraft, type Lang, type NotifySettings, type RuleDraft, type Webhook } from '../domain/alarms/notify-settings.machine';
import { PortalHttpToken } from '../ports/api-tokens';
import { AlarmsMachinesToken, type AlarmsMachines } from '../ui/alarms/alarms-machines';
import { callActor } from './call-actor';

type RuleWire = { MachineIds: number[] | null; Kinds: string[]; AllClear: boolean; QuietFrom: number | null; QuietTo: number | null; Zone: string; Email: boolean; Bell: boolean };

const ruleOf = (w: RuleWire): RuleDraft => ({
  machineIds: w.MachineIds,
  kinds: w.Kinds as RuleDraft['kinds'],
  allClear: w.AllClear,
  quietFrom: w.QuietFrom,
  quietTo: w.QuietTo,
  zone: w.Zone,
  email: w.Email,
  bell: w.Bell,
});

/** The alarm notifications' bindings (issue 39 item 1): the bell and the settings page, their calls from the contract. */
export const alarmsModule = new ContainerModule((options) => {
  options
    .bind(AlarmsMachinesToken)
    .toDynamicValue((context): AlarmsMachines => {
      const http = context.get(PortalHttpToken);
      const read = async <C extends Parameters<typeof readCallAnswer>[0]>(call: C, body: unknown, signal: AbortSignal) => readCallAnswer(call, await http.call(call, body as never, signal, { quiet: true }));
      return {
        bell: bellMachine.provide({
          actors: {
            waitCount: callActor(http, Alarm.WaitBell, (input: { known: number | null }) => (input.known === null ? {} : { Unread: input.known }), (wire) => wire.Unread),
            loadList: callActor(http, Alarm.GetBell, () => ({}), (wire) => ({
              unread: wire.Unread,
              items: wire.Items.map((i): BellItem => ({ id: i.Id, event: i.Event, kind: i.Kind, orderNumber: i.OrderNumber, machineName: i.MachineName, alarmText: i.AlarmText, eventNum: i.EventNum, link: i.Link, at: i.CreateTime, read: i.Read })),
            })),
            markRead: callActor(http, Alarm.MarkBellRead, (input: { upTo: number }) => ({ Id: input.upTo })),
          },
        }),
        settings: notifySettingsMachine.provide({
          actors: {
            // One page, four calls at once: the rule, the webhooks, the machines to choose from, the log.
            load: fromPromise(async ({ signal }) => {
              const [rule, hooks, machines, log] = await Promise.all([
                read(Alarm.GetNotifyRule, {}, signal),
                read(Alarm.GetWebhooks, {}, signal),
                read(Machine.GetMyMachine, {}, signal),
                read(Alarm.GetDeliveries, {}, signal),
              ]);
              for (const answer of [rule, hooks, log]) if (answer.kind !== 'done') return answer.kind === 'refused' ? answer : { kind: 'refused' as const, message: '' };
              const data: NotifySettings = {
                rule: ruleOf((rule as { data: RuleWire }).data),
                webhooks: (hooks as { data: { Id: number; Format: Webhook['format']; Url: string; HasSecret: boolean; AllClear: boolean }[] }).data.map((w) => ({ id: w.Id, format: w.Format, url: w.Url, hasSecret: w.HasSecret, allClear: w.AllClear })),
                // No machine bound answers the spec's no-data marker: none to choose from.
                machines: machines.kind === 'done' && Array.isArray(machines.data) ? machines.data.map((m) => ({ id: m.equipmentid, orderNumber: m.ordernumber, name: m.name })) : [],
                deliveries: (log as { data: { Id: number; OrderNumber: string; MachineName: string; Kind: Delivery['kind']; Event: Delivery['event']; Channel: Delivery['channel']; Target: string; Status: Delivery['status']; Attempts: number; LastError: string; CreateTime: string }[] }).data.map((d) => ({
                  id: d.Id,
                  orderNumber: d.OrderNumber,
                  machineName: d.MachineName,
                  kind: d.Kind,
                  event: d.Event,
                  channel: d.Channel,
                  target: d.Target,
                  status: d.Status,
                  attempts: d.Attempts,
                  lastError: d.LastError,
                  at: d.CreateTime,
                })),
              };
              return { kind: 'done' as const, data };
            }),
            saveRule: callActor(http, Alarm.SaveNotifyRule, (input: { rule: RuleDraft; language: Lang }) => ({
              MachineIds: input.rule.machineIds,
              Kinds: input.rule.kinds,
              AllClear: input.rule.allClear,
              QuietFrom: input.rule.quietFrom,
              QuietTo: input.rule.quietTo,
              Zone: input.rule.zone,
              Email: input.rule.email,
              Bell: input.rule.bell,
              Language: input.language,
            })),
            addHook: callActor(
              http,
              Alarm.AddWebhook,
              (input: { hook: HookDraft; language: Lang }) => ({ Format: input.hook.format, Url: input.hook.url, Secret: input.hook.secret, AllClear: input.hook.allClear, Language: input.language }),
              (wire) => wire.Id,
            ),
            removeHook: callActor(http, Alarm.DeleteWebhook, (input: { id: number }) => ({ Id: input.id })),
          },
        }),
      };
    })
    .inSingletonScope();
});
