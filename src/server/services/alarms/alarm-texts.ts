import type { AlarmKind } from '../../../domain/alarms/alarm-episode';
import type { DeliveryMessage, Lang } from '../../../ports/alarm-store.port';
import { dateFormat } from '../../../domain/shared/date-format';

const KIND: Record<Lang, Record<AlarmKind, string>> = {
  zh: { emergencyStop: '急停', alarmStop: '报警停机', offline: '运行中离线' },
  en: { emergencyStop: 'emergency stop', alarmStop: 'stopped with an alarm', offline: 'went offline while running' },
};

/** A time in the receiver's zone, as they read it. */
function timeIn(at: Date, zone: string, lang: Lang): string {
  try {
    return dateFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(at);
  } catch {
    return at.toISOString();
  }
}

/**
 * A notification's words in the receiver's language (the machine's name and the controller's
 * alarm text are the machine's own, written as they came).
 */
export function alarmMessage(input: {
  lang: Lang;
  zone: string;
  event: 'raised' | 'cleared';
  kind: AlarmKind;
  machine: { orderNumber: string; name: string };
  text: string;
  at: Date;
  since: Date;
  link: string;
}): DeliveryMessage {
  const { lang, machine, kind, event } = input;
  const named = machine.name ? `${machine.name} (${machine.orderNumber})` : machine.orderNumber;
  const when = timeIn(input.at, input.zone, lang);
  const title =
    event === 'raised'
      ? lang === 'zh'
        ? `设备报警：${named} ${KIND.zh[kind]}`
        : `Machine alarm: ${named} ${KIND.en[kind]}`
      : lang === 'zh'
        ? `已恢复：${named}`
        : `All clear: ${named}`;
  const lines =
    event === 'raised'
      ? [lang === 'zh' ? `时间：${when}` : `At: ${when}`, ...(input.text ? [lang === 'zh' ? `报警内容：${input.text}` : `Alarm: ${input.text}`] : [])]
      : [
          lang === 'zh' ? `${KIND.zh[kind]}已结束，时间：${when}` : `The ${KIND.en[kind]} ended at ${when}`,
          lang === 'zh' ? `开始于：${timeIn(input.since, input.zone, lang)}` : `It began at ${timeIn(input.since, input.zone, lang)}`,
        ];
  return { title, lines, link: input.link, kind, orderNumber: machine.orderNumber, machineName: machine.name, text: input.text, at: input.at.toISOString() };
}

/** A repair request raised from the machine's QR label, in its owner's language (issue 39 item 3). */
export function labelRequestMessage(input: {
  lang: Lang;
  zone: string;
  machine: { orderNumber: string; name: string };
  eventNum: string;
  requester: { name: string; contact: string };
  content: string;
  at: Date;
  link: string;
}): DeliveryMessage {
  const { lang, machine } = input;
  const named = machine.name ? `${machine.name} (${machine.orderNumber})` : machine.orderNumber;
  const when = timeIn(input.at, input.zone, lang);
  const title = lang === 'zh' ? `扫码报修：${named}` : `Repair request from the QR label: ${named}`;
  const lines =
    lang === 'zh'
      ? [`工单号：${input.eventNum}`, `报修人：${input.requester.name}（${input.requester.contact}）`, `故障描述：${input.content}`, `时间：${when}`]
      : [`Work order: ${input.eventNum}`, `From: ${input.requester.name} (${input.requester.contact})`, `Fault: ${input.content}`, `At: ${when}`];
  return { title, lines, link: input.link, kind: null, orderNumber: machine.orderNumber, machineName: machine.name, text: input.content, at: input.at.toISOString(), eventNum: input.eventNum };
}
