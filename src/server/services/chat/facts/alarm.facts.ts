import type { MachineFact } from '../../../../ports/chat-answerer.port';
import type { MachineEventStore } from '../../../../ports/machine-event-store.port';
import type { FactQuery, MachineFactSource } from '../machine-facts';
import { localTime } from '../machine-facts';
import { ALARM_TEXTS, alarmWords } from '../../../../domain/telemetry/alarm-catalogue';

/**
 * The alarm codes each error type of the error log stands for (ADR 0006 events carry the type
 * and text, not the code): the common-faults articles are named by code.
 */
export const CODES_OF_ERROR_TYPE: Readonly<Record<string, readonly string[]>> = {
  Collision: ['E203'],
  Follower: ['E203', 'E202'],
  Gas: ['E410'],
  Laser: ['E305'],
  Servo: ['E101'],
  Chiller: ['E512'],
};

const DAY_MS = 86_400_000;
/** How far back the error log is read. */
export const ALARM_WINDOW_DAYS = 30;

/** The reports area's error log: the last occurrence of the alarms asked about, or the latest alarms. */
export function alarmFacts(events: MachineEventStore): MachineFactSource {
  return {
    name: 'alarms',
    async facts(query: FactQuery) {
      const out: MachineFact[] = [];
      const zh = query.language === 'zh';
      const source = zh ? '报警记录' : 'Error log';
      const since = query.now.getTime() - ALARM_WINDOW_DAYS * DAY_MS;
      // Each machine's error log is read at once; the facts keep the machines' order.
      const logs = await Promise.all(query.machines.map((m) => events.latestAlarms(m.orderNumber, null, 500)));
      query.machines.forEach((m, i) => {
        const alarms = logs[i]!.filter((a) => a.errorDate.getTime() >= since);
        if (query.codes.length) {
          for (const code of query.codes) {
            const hits = alarms.filter((a) => (CODES_OF_ERROR_TYPE[a.errorType] ?? []).includes(code));
            const last = hits[0];
            // The error log stores the controller's English: the answer names the alarm in the question's language.
            // The code asked about names the text even when the stored one carries no code.
            const words = last ? { type: alarmWords(query.language, last.errorType, '').type, text: ALARM_TEXTS[code]?.[query.language] ?? last.errorContent } : null;
            const text = last && words
              ? zh
                ? `${code}（${words.type}：${words.text}）最近一次发生在 ${localTime(last.errorDate, query.timeZone)}，近 ${ALARM_WINDOW_DAYS} 天共 ${hits.length} 次`
                : `${code} (${words.type}: ${words.text}) last occurred on ${localTime(last.errorDate, query.timeZone)}, ${hits.length} time${hits.length === 1 ? '' : 's'} in the last ${ALARM_WINDOW_DAYS} days`
              : zh
                ? `近 ${ALARM_WINDOW_DAYS} 天的报警记录中没有 ${code}`
                : `no ${code} in its error log of the last ${ALARM_WINDOW_DAYS} days`;
            out.push({ orderNumber: m.orderNumber, text, source });
          }
        } else if (alarms.length) {
          const last = alarms[0]!;
          const words = alarmWords(query.language, last.errorType, last.errorContent);
          out.push({
            orderNumber: m.orderNumber,
            text: zh
              ? `最近一次报警：${words.type}（${words.text}），${localTime(last.errorDate, query.timeZone)}；近 ${ALARM_WINDOW_DAYS} 天共 ${alarms.length} 次报警`
              : `latest alarm: ${words.type} (${words.text}) on ${localTime(last.errorDate, query.timeZone)}; ${alarms.length} alarm${alarms.length === 1 ? '' : 's'} in the last ${ALARM_WINDOW_DAYS} days`,
            source,
          });
        }
      });
      return out;
    },
  };
}
