import type { Language } from '../accounts/language';
import { alarmCodeOf } from '../repair/alarm-code';

/**
 * The machine alarms in both languages, keyed by alarm code (the code the self-service fault
 * articles are labelled with, content/library/faults). Machines and the stored error log carry
 * an English type and text (ADR 0006); every place that shows an alarm to a person (live pages,
 * reports, the error log, the work-order form, the assistant) reads its words here, so a zh page
 * never shows the controller's English for a code we know.
 */
export const ALARM_TEXTS: Readonly<Record<string, Readonly<Record<Language, string>>>> = {
  E101: { zh: '伺服驱动器报警', en: 'Servo drive alarm' },
  E202: { zh: '调高器跟随信号丢失', en: 'Height follower signal lost' },
  E203: { zh: '调高器碰板报警（跟随异常）', en: 'Height sensor collision (following error)' },
  E305: { zh: '激光器未就绪', en: 'Laser source not ready' },
  E410: { zh: '辅助气体压力低', en: 'Assist gas pressure low' },
  E512: { zh: '冷水机水流量低', en: 'Chiller water flow low' },
};

/** The error log's alarm types (the event's ErrorType), in both languages. */
export const ALARM_TYPES: Readonly<Record<string, Readonly<Record<Language, string>>>> = {
  Collision: { zh: '碰撞', en: 'Collision' },
  Follower: { zh: '调高器', en: 'Height follower' },
  Gas: { zh: '气体', en: 'Gas' },
  Laser: { zh: '激光器', en: 'Laser source' },
  Servo: { zh: '伺服', en: 'Servo' },
  Chiller: { zh: '冷水机', en: 'Chiller' },
};

/** An alarm as a person reads it: its code (when it has one) and its type and text in the page's language. */
export interface AlarmWords {
  code: string | null;
  type: string;
  text: string;
  /** False when the code (or type) is not in the catalogue: the stored text is shown as the machine sent it. */
  known: boolean;
}

/**
 * The words of one alarm in `language`. A code in the catalogue gives its text ("E305 激光器未就绪");
 * an unknown code, or none, keeps the stored text as the machine sent it (it is the machine's own
 * words, like a file name; its code still links to the fault articles). A type in the catalogue is
 * translated, an unknown one shown as stored.
 */
export function alarmWords(language: Language, type: string, content: string): AlarmWords {
  const code = alarmCodeOf(type, content);
  const entry = code ? ALARM_TEXTS[code] : undefined;
  const typeEntry = ALARM_TYPES[type.trim()];
  const shownType = typeEntry ? typeEntry[language] : type.trim();
  if (entry && code) return { code, type: shownType, text: `${code} ${entry[language]}`, known: true };
  return { code, type: shownType, text: content.trim(), known: false };
}
