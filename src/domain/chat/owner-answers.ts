import type { Language } from '../accounts/language';
import type { PeriodName } from './owner-question';

/**
 * The first sentences of an answer to an owner's question (issue 35), from the customer's data:
 * they name the machines by name and order number, count every machine the customer has, and
 * give times in the asker's zone. The facts and articles that support them follow in the answer.
 */

export interface NamedMachine {
  orderNumber: string;
  /** The name the customer sees ('' when none): the answer says "name (order number)". */
  name: string;
}

/** What a machine is doing now, as far as an alarm question needs it. */
export type LiveSituation =
  | { kind: 'alarm' | 'emergencyStop'; alarm: string; since: Date | null }
  | { kind: 'working' | 'idle' | 'stopped' }
  | { kind: 'offline' };

/** A machine's alarms in the span asked: how many, and the alarm it raised most often. */
export interface AlarmTally {
  machine: NamedMachine;
  count: number;
  /** The most frequent alarm as the customer reads it (`E203 Height sensor collision`), with its count. */
  top: { alarm: string; count: number } | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A time in the asker's zone: `2026-12-02 14:07`. */
export function zonedTime(at: Date, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** A day in the asker's zone: `2026-11-30`. */
const zonedDay = (at: Date, timeZone: string) => zonedTime(at, timeZone).slice(0, 10);

/** "T220 Tube Cutter (T220-001)", or the order number alone when the machine has no name. */
export function machineLabel(m: NamedMachine): string {
  return m.name && m.name !== m.orderNumber ? `${m.name} (${m.orderNumber})` : m.orderNumber;
}

/** The span asked, in words, with the day it starts from: "this week (since 2026-11-30)". */
export function periodWords(period: PeriodName, from: Date, timeZone: string, language: Language): string {
  const since = zonedDay(from, timeZone);
  if (language === 'zh') {
    switch (period.kind) {
      case 'today':
        return '今天';
      case 'yesterday':
        return `昨天（${since}）`;
      case 'thisWeek':
        return `本周（${since} 起）`;
      case 'lastWeek':
        return `上周（${since} 起的 7 天）`;
      case 'thisMonth':
        return `本月（${since} 起）`;
      case 'lastDays':
        return `最近 ${period.days} 天`;
    }
  }
  switch (period.kind) {
    case 'today':
      return 'today';
    case 'yesterday':
      return `yesterday (${since})`;
    case 'thisWeek':
      return `this week (since ${since})`;
    case 'lastWeek':
      return `last week (the 7 days from ${since})`;
    case 'thisMonth':
      return `this month (since ${since})`;
    case 'lastDays':
      return `in the last ${period.days} day${period.days === 1 ? '' : 's'}`;
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * "Which machine is in alarm now?": the machines in alarm or emergency stop, each with its alarm
 * and since when, out of all the customer's machines; or that none is, with how the others stand.
 */
export function alarmNowLead(language: Language, fleet: ReadonlyArray<{ machine: NamedMachine; now: LiveSituation }>, timeZone: string): string {
  const total = fleet.length;
  const zh = language === 'zh';
  if (total === 0) return zh ? '您的账号下还没有绑定设备。' : 'You have no machines bound to your account yet.';
  const alarmed = fleet.filter((f): f is { machine: NamedMachine; now: Extract<LiveSituation, { alarm: string }> } => f.now.kind === 'alarm' || f.now.kind === 'emergencyStop');
  const offline = fleet.filter((f) => f.now.kind === 'offline').length;
  if (alarmed.length === 0) {
    if (zh) return `您的 ${total} 台设备现在都没有报警${offline ? `（其中 ${offline} 台离线，无法确认）` : ''}。`;
    return `None of your ${plural(total, 'machine')} is in alarm right now${offline ? ` (${offline} ${offline === 1 ? 'is' : 'are'} offline, so ${offline === 1 ? 'its' : 'their'} state is unknown)` : ''}.`;
  }
  const each = alarmed.map(({ machine, now }) => {
    const stop = now.kind === 'emergencyStop';
    const since = now.since ? zonedTime(now.since, timeZone) : null;
    if (zh) return `${machineLabel(machine)}${stop ? '急停' : '报警'}：${now.alarm || '未知报警'}${since ? `（自 ${since}）` : ''}`;
    return `${machineLabel(machine)}${stop ? ' is in emergency stop' : ''}: ${now.alarm || 'an unnamed alarm'}${since ? ` since ${since}` : ''}`;
  });
  if (zh) return `您的 ${total} 台设备中有 ${alarmed.length} 台现在有报警：${each.join('；')}。`;
  return `${alarmed.length} of your ${plural(total, 'machine')} ${alarmed.length === 1 ? 'is' : 'are'} in alarm right now: ${each.join('; ')}.`;
}

/**
 * "Alarms this week": the total over every machine asked about in the span, then each machine
 * that had any with its count and most frequent alarm, most first; the others are named as clear.
 */
export function alarmsLead(language: Language, tallies: readonly AlarmTally[], period: string, code: string | null): string {
  const zh = language === 'zh';
  const total = tallies.reduce((n, t) => n + t.count, 0);
  const machines = tallies.length;
  if (machines === 0) return zh ? '您的账号下还没有绑定设备。' : 'You have no machines bound to your account yet.';
  const subject = zh ? (machines === 1 ? machineLabel(tallies[0]!.machine) : `您的 ${machines} 台设备`) : machines === 1 ? machineLabel(tallies[0]!.machine) : `Your ${machines} machines`;
  if (total === 0) return zh ? `${subject}${period}没有${code ? ` ${code} ` : ''}报警。` : `${subject} had no ${code ? `${code} ` : ''}alarms ${period}.`;
  const busy = tallies.filter((t) => t.count > 0).sort((a, b) => b.count - a.count);
  const clear = machines - busy.length;
  const detail =
    machines === 1
      ? ''
      : busy
          .map((t) => {
            const top = !code && t.top ? (zh ? `，最多的是 ${t.top.alarm}（${t.top.count} 次）` : `, most often ${t.top.alarm} (${t.top.count})`) : '';
            return zh ? `${machineLabel(t.machine)} ${t.count} 次${top}` : `${machineLabel(t.machine)} ${t.count}${top}`;
          })
          .join(zh ? '；' : '; ');
  const single = machines === 1 && !code && tallies[0]!.top ? (zh ? `，最多的是 ${tallies[0]!.top.alarm}（${tallies[0]!.top.count} 次）` : `, most often ${tallies[0]!.top.alarm} (${tallies[0]!.top.count})`) : '';
  if (zh) {
    return `${subject}${period}共有 ${total} 次${code ? ` ${code} ` : ''}报警${single}${detail ? `：${detail}` : ''}${clear ? `；其余 ${clear} 台没有` : ''}。`;
  }
  const had = code ? `${code} ${plural(total, 'time')}` : plural(total, 'alarm');
  return `${subject} had ${had} ${period}${single}${detail ? `: ${detail}` : ''}${clear ? `; the other ${clear} had none` : ''}.`;
}

/** A maintenance plan of a machine, as the lead needs it: the item in the asker's words, its state and what is left. */
export interface PlanDue {
  machine: NamedMachine;
  item: string;
  state: 'normal' | 'warning' | 'overdue';
  /** Run hours left before it is due (0 when overdue). */
  hoursLeft: number;
}

const hours = (n: number, language: Language) => (language === 'zh' ? `${n} 运行小时` : `${n} run hour${n === 1 ? '' : 's'}`);

/**
 * "When is the next maintenance due?": the overdue items first (all of them), then the one due
 * next, over every machine the question is about; and how many of them have no plan at all.
 */
export function maintenanceLead(language: Language, machines: readonly NamedMachine[], plans: readonly PlanDue[]): string {
  const zh = language === 'zh';
  if (machines.length === 0) return zh ? '您的账号下还没有绑定设备。' : 'You have no machines bound to your account yet.';
  const planned = new Set(plans.map((p) => p.machine.orderNumber));
  const without = machines.filter((m) => !planned.has(m.orderNumber)).length;
  const noPlans = without === machines.length;
  if (noPlans) return zh ? `您的 ${machines.length} 台设备都还没有保养计划，可以在“设备保养”中添加。` : `None of your ${plural(machines.length, 'machine')} has a maintenance plan yet; you can add them under Maintenance.`;
  const overdue = plans.filter((p) => p.state === 'overdue');
  const next = plans.filter((p) => p.state !== 'overdue').sort((a, b) => a.hoursLeft - b.hoursLeft)[0];
  const sentences: string[] = [];
  if (overdue.length) {
    const list = overdue.map((p) => (zh ? `${machineLabel(p.machine)} 的“${p.item}”` : `${p.item} on ${machineLabel(p.machine)}`)).join(zh ? '、' : '; ');
    sentences.push(zh ? `有 ${overdue.length} 项保养已逾期：${list}。` : `${plural(overdue.length, 'maintenance item')} ${overdue.length === 1 ? 'is' : 'are'} overdue: ${list}.`);
  }
  if (next) {
    const soon = next.state === 'warning';
    sentences.push(
      zh
        ? `${overdue.length ? '其余' : ''}最近到期的是 ${machineLabel(next.machine)} 的“${next.item}”，还剩 ${hours(next.hoursLeft, language)}${soon ? '（即将到期）' : ''}。`
        : `The next one due is ${next.item} on ${machineLabel(next.machine)}, in ${hours(next.hoursLeft, language)}${soon ? ' (due soon)' : ''}.`,
    );
  }
  if (without) sentences.push(zh ? `另有 ${without} 台设备没有保养计划。` : `${without} of your machines ${without === 1 ? 'has' : 'have'} no maintenance plan.`);
  return sentences.join(zh ? '' : ' ');
}
