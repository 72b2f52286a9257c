import { sheetStateGroup, tubeStateGroup } from '../../../../domain/telemetry/state-groups';
import type { MachineFact } from '../../../../ports/chat-answerer.port';
import type { MachineFactSource } from '../machine-facts';
import { localTime } from '../machine-facts';
import { alarmWords } from '../../../../domain/telemetry/alarm-catalogue';

/** A machine's latest live values and when they came, or null when it said nothing lately. */
export type LatestValues = (orderNumber: string) => { at: number; values: Record<string, number | string> } | null;

/** Live values older than this count as offline. */
export const LIVE_FRESH_MS = 60_000;

const WORDS = {
  zh: { run: '运行中', running: '加工中', idle: '空闲', paused: '暂停', stop: '停止', emergencyStop: '急停', offline: '离线', task: '当前任务', alarm: '当前报警', at: '数据时间', none: '最近一分钟没有收到数据（离线）', source: '设备实时状态' },
  en: { run: 'running', running: 'cutting', idle: 'idle', paused: 'paused', stop: 'stopped', emergencyStop: 'emergency stop', offline: 'offline', task: 'current task', alarm: 'active alarm', at: 'as of', none: 'no live data in the last minute (offline)', source: 'Live state' },
} as const;

/** The devices area's live side (ADR 0005): each machine's state, task and active alarm as the broker last told them. */
export function liveStateFacts(latest: LatestValues): MachineFactSource {
  return {
    name: 'live-state',
    async facts({ machines, language, timeZone }) {
      const w = WORDS[language];
      const sep = language === 'zh' ? '，' : ', ';
      const colon = language === 'zh' ? '：' : ': ';
      return machines.map((m): MachineFact => {
        const snapshot = latest(m.orderNumber);
        if (!snapshot) return { orderNumber: m.orderNumber, text: w.none, source: w.source };
        const v = snapshot.values;
        const group = m.kind === 'tube' ? tubeStateGroup(v.State) : sheetStateGroup(v.State);
        const parts: string[] = [w[group]];
        if (typeof v.TaskName === 'string' && v.TaskName) parts.push(`${w.task}${colon}${v.TaskName}`);
        if (typeof v.ErrorType === 'string' && v.ErrorType) {
          // The controller sends English: the alarm is named in the question's language (alarm catalogue).
          const words = alarmWords(language, v.ErrorType, typeof v.ErrorContent === 'string' ? v.ErrorContent : '');
          const [open, close] = language === 'zh' ? ['（', '）'] : [' (', ')'];
          parts.push(`${w.alarm}${colon}${words.type}${words.text ? `${open}${words.text}${close}` : ''}`);
        }
        parts.push(`${w.at} ${localTime(new Date(snapshot.at), timeZone)}`);
        return { orderNumber: m.orderNumber, text: parts.join(sep), source: w.source };
      });
    },
  };
}
