import { ALARM_KINDS, type AlarmKind } from './alarm-episode';
import { dateFormat } from '../shared/date-format';

/** What one person chose to hear about (issue 39 item 1), and how. */
export interface NotifyRule {
  /** All of their machines, or these (the spec's equipment ids). */
  machines: 'all' | readonly number[];
  kinds: readonly AlarmKind[];
  /** Also tell when the trouble ends. */
  allClear: boolean;
  /** Quiet hours in the person's zone, as minutes of the day: no e-mail then (the bell still keeps it). */
  quiet: { from: number; to: number } | null;
  /** The person's IANA zone, for the quiet hours. */
  zone: string;
  email: boolean;
  bell: boolean;
}

/** What a person chose, field by field, as the settings form edits it and the save call carries it. */
export interface RuleDraft {
  machineIds: number[] | null;
  kinds: AlarmKind[];
  allClear: boolean;
  quietFrom: number | null;
  quietTo: number | null;
  zone: string;
  email: boolean;
  bell: boolean;
}

/** A person who set no rule: the bell for every machine and kind, no e-mail, no all clear. */
export const DEFAULT_RULE: NotifyRule = { machines: 'all', kinds: ALARM_KINDS, allClear: false, quiet: null, zone: 'Asia/Shanghai', email: false, bell: true };

/** The minute of the day at `at` in `zone` (an unknown zone reads as UTC). */
export function minuteOfDay(at: number, zone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = dateFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  } catch {
    parts = dateFormat('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  }
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/** Whether `minute` falls in the quiet hours, which may run past midnight (22:00 to 07:00). */
export function isQuiet(quiet: NotifyRule['quiet'], minute: number): boolean {
  if (!quiet || quiet.from === quiet.to) return false;
  return quiet.from < quiet.to ? minute >= quiet.from && minute < quiet.to : minute >= quiet.from || minute < quiet.to;
}

export type Channel = 'bell' | 'email';

/** The channels by which a person with this rule hears of a change of this machine's episode. */
export function channelsFor(rule: NotifyRule, event: { machineId: number; kind: AlarmKind; change: 'raised' | 'cleared'; at: number }): Channel[] {
  if (rule.machines !== 'all' && !rule.machines.includes(event.machineId)) return [];
  if (!rule.kinds.includes(event.kind)) return [];
  if (event.change === 'cleared' && !rule.allClear) return [];
  const channels: Channel[] = [];
  if (rule.bell) channels.push('bell');
  if (rule.email && !isQuiet(rule.quiet, minuteOfDay(event.at, rule.zone))) channels.push('email');
  return channels;
}

/**
 * The channels by which an owner hears of a repair request raised from their machine's QR label
 * (issue 39 item 3, ADR 0028): the bell always (it is the work order's inbox, not an alarm), the
 * e-mail unless their saved rule turned e-mail off. The rule's machines, kinds and quiet hours are
 * about alarms and do not apply: a person at the machine waits for an answer, and the requests are
 * capped per machine and per address.
 */
export function labelRequestChannels(rule: NotifyRule | null): Channel[] {
  return rule === null || rule.email ? ['bell', 'email'] : ['bell'];
}
