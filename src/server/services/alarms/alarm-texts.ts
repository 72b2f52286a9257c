import type { AlarmKind } from '../../../domain/alarms/alarm-episode';
import type { DeliveryMessage, Lang } from '../../../ports/alarm-store.port';

const KIND: Record<Lang, Record<AlarmKind, string>> = {
  zh: { emergencyStop: '急停', alarmStop: '报警停机', offline: '运行中离线' },
  en: { emergencyStop: 'emergency stop', alarmStop: 'stopped with an alarm', offline: 'went offline while running' },
};

/** A time in the receiver's zone, as they read it. */
function timeIn(at: Date, zone: string, lang: Lang): string {
  try {
    return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(at);
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
