import type { Language } from '../accounts/language';
import { MAX_PERIOD_DAYS, type PeriodName } from './owner-question';
import { dateFormat } from '../shared/date-format';

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
    dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
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

/** A machine's warranty as the lead needs it: the day it ends (the extension's when there is one), or none on record. */
export interface WarrantyEnd {
  machine: NamedMachine;
  /** null: no warranty record. */
  until: Date | null;
  /** The extension's type ('' when unnamed); null when the machine has none. */
  extended: string | null;
}

/**
 * "Is my machine still under warranty?": for every machine asked about, the day its warranty ends
 * or ended in the asker's zone, the extension included; the machines without a record said so.
 */
export function warrantyLead(language: Language, ends: readonly WarrantyEnd[], now: Date, timeZone: string): string {
  const zh = language === 'zh';
  if (ends.length === 0) return zh ? '您的账号下还没有绑定设备。' : 'You have no machines bound to your account yet.';
  let named = false;
  const each = ends.map(({ machine, until, extended }) => {
    const label = machineLabel(machine);
    if (!until) return zh ? `${label} 没有质保记录` : `${label} has no warranty record`;
    const day = zonedDay(until, timeZone);
    const ended = until.getTime() < now.getTime();
    const ext = extended === null ? '' : zh ? `（含延保${extended ? `，${extended}` : ''}）` : ` (extended${extended ? `, ${extended}` : ''})`;
    if (zh) return `${label} 的质保${ended ? `已于 ${day} 结束` : `至 ${day} 到期`}${ext}`;
    const subject = named ? `${label}'s` : `The warranty of ${label}`;
    named = true;
    return `${subject} ${ended ? 'ended' : 'ends'} on ${day}${ext}`;
  });
  return `${each.join(zh ? '；' : '; ')}${zh ? '。' : '.'}`;
}

/** An open (not completed) work order of a machine, newest first among a machine's. */
export interface OpenOrder {
  machine: NamedMachine;
  eventNum: string;
  step: 'pending' | 'inProgress';
}

/**
 * "What about my work orders?": per machine asked about, its open orders by status and the latest
 * one's number, newest first as given; the machines with none named as such, or that none has any.
 */
export function workOrdersLead(language: Language, machines: readonly NamedMachine[], open: readonly OpenOrder[]): string {
  const zh = language === 'zh';
  if (machines.length === 0) return zh ? '您的账号下还没有绑定设备。' : 'You have no machines bound to your account yet.';
  const labels = machines.map(machineLabel);
  if (open.length === 0) {
    if (zh) return `您的 ${machines.length} 台设备都没有未完成的工单：${labels.join('、')}。`;
    return machines.length === 1 ? `${labels[0]} has no open work orders.` : `None of your ${machines.length} machines has an open work order: ${labels.join(', ')}.`;
  }
  const busy = machines.filter((m) => open.some((o) => o.machine.orderNumber === m.orderNumber));
  const each = machines.map((m) => {
    const mine = open.filter((o) => o.machine.orderNumber === m.orderNumber);
    if (!mine.length) return zh ? `${machineLabel(m)} 没有` : `${machineLabel(m)} has none`;
    const pending = mine.filter((o) => o.step === 'pending').length;
    const progress = mine.length - pending;
    const steps = zh
      ? [pending ? `${pending} 张待处理` : '', progress ? `${progress} 张处理中` : ''].filter(Boolean).join('、')
      : [pending ? `${pending} pending` : '', progress ? `${progress} in progress` : ''].filter(Boolean).join(', ');
    return zh ? `${machineLabel(m)} ${steps}，最新工单 ${mine[0]!.eventNum}` : `${machineLabel(m)} ${steps}, latest ${mine[0]!.eventNum}`;
  });
  if (zh) return `您有 ${open.length} 张未完成的工单，在 ${machines.length} 台设备中的 ${busy.length} 台上：${each.join('；')}。`;
  return `You have ${plural(open.length, 'open work order')} on ${busy.length} of your ${plural(machines.length, 'machine')}: ${each.join('; ')}.`;
}

/** One work order as the lead of "what's the status of EV…?" needs it: null when the caller has none of that number. */
export interface OrderStatus {
  machine: NamedMachine;
  eventNum: string;
  step: 'pending' | 'inProgress' | 'done';
}

/** "What's the status of work order EV…?": its step and its machine, or that the caller has no order of that number. */
export function workOrderLead(language: Language, eventNum: string, order: OrderStatus | null): string {
  const zh = language === 'zh';
  if (!order) return zh ? `您的工单里没有 ${eventNum}，请核对工单号。` : `You have no work order ${eventNum}; please check the number.`;
  const step = zh ? { pending: '待处理', inProgress: '处理中', done: '已完成' }[order.step] : { pending: 'pending', inProgress: 'in progress', done: 'done (completed)' }[order.step];
  return zh ? `工单 ${order.eventNum}（${machineLabel(order.machine)}）${step}。` : `Work order ${order.eventNum} (${machineLabel(order.machine)}) is ${step}.`;
}

/** A machine's run time and finished tasks over the span asked. */
export interface MachineOutput {
  machine: NamedMachine;
  runHours: number;
  tasks: number;
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const runHours = (n: number, language: Language) => (language === 'zh' ? `${oneDecimal(n)} 小时` : `${oneDecimal(n)} hour${oneDecimal(n) === 1 ? '' : 's'}`);

/**
 * "How long did my machines run today?": the fleet's run hours and finished cutting tasks over the
 * span first, then every machine asked about with its own.
 */
export function outputLead(language: Language, outputs: readonly MachineOutput[], period: string): string {
  const zh = language === 'zh';
  if (outputs.length === 0) return zh ? '您的账号下还没有绑定设备。' : 'You have no machines bound to your account yet.';
  const hoursTotal = outputs.reduce((n, o) => n + o.runHours, 0);
  const tasksTotal = outputs.reduce((n, o) => n + o.tasks, 0);
  const one = outputs.length === 1;
  const subject = one ? machineLabel(outputs[0]!.machine) : zh ? `您的 ${outputs.length} 台设备` : `Your ${outputs.length} machines`;
  const each = one
    ? ''
    : outputs.map((o) => (zh ? `${machineLabel(o.machine)} ${runHours(o.runHours, language)}、${o.tasks} 个任务` : `${machineLabel(o.machine)} ${runHours(o.runHours, language)}, ${plural(o.tasks, 'task')}`)).join(zh ? '；' : '; ');
  if (zh) return `${subject}${period}${one ? '' : '共'}运行 ${runHours(hoursTotal, language)}，完成 ${tasksTotal} 个切割任务${each ? `：${each}` : ''}。`;
  return `${subject} ran ${runHours(hoursTotal, language)} and finished ${plural(tasksTotal, 'cutting task')} ${period}${each ? `: ${each}` : ''}.`;
}

/** The local days (inclusive, `YYYY-MM-DD`) of a span [from, to) in the asker's zone; a rolling span of N days is the N days up to today. */
export function spanDays(period: PeriodName, range: { from: Date; to: Date }, timeZone: string): { from: string; to: string } {
  const to = zonedDay(new Date(Math.max(range.from.getTime(), range.to.getTime() - 1)), timeZone);
  if (period.kind !== 'lastDays') return { from: zonedDay(range.from, timeZone), to };
  const [y, m, d] = to.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1, d - (Math.min(Math.max(1, period.days), MAX_PERIOD_DAYS) - 1)));
  return { from: first.toISOString().slice(0, 10), to };
}

/** What a machine's error log says of one alarm code over the last days: how often, and when last. */
export interface CodeHistory {
  machine: NamedMachine;
  count: number;
  last: Date | null;
}

/**
 * "What does E203 mean?": the code's meaning from the alarm catalogue (or that the portal does not
 * know it), then, for the machines asked about, when each last raised it and how often in the
 * last `days` days. The code's fault article follows it (what to do).
 */
export function alarmMeaningLead(language: Language, code: string, meaning: string | null, history: readonly CodeHistory[], days: number, timeZone: string): string {
  const zh = language === 'zh';
  const what = meaning ? (zh ? `${code} 是“${meaning}”。` : `${code} means: ${meaning}.`) : zh ? `门户的报警目录里没有 ${code}。` : `The portal's alarm catalogue has no ${code}.`;
  const seen = history.filter((h) => h.count > 0);
  if (history.length === 0) return what;
  if (seen.length === 0) {
    const who = history.length === 1 ? machineLabel(history[0]!.machine) : zh ? `您的 ${history.length} 台设备` : `none of your ${history.length} machines`;
    if (zh) return `${what}${who}最近 ${days} 天没有报过 ${code}。`;
    return `${what} ${history.length === 1 ? `${who} has not raised it` : `${who[0]!.toUpperCase()}${who.slice(1)} has raised it`} in the last ${days} days.`;
  }
  const each = seen
    .sort((a, b) => b.count - a.count)
    .map((h) => {
      const last = h.last ? zonedTime(h.last, timeZone) : null;
      return zh
        ? `${machineLabel(h.machine)} 近 ${days} 天 ${h.count} 次${last ? `，最近一次 ${last}` : ''}`
        : `${machineLabel(h.machine)} ${plural(h.count, 'time')} in the last ${days} days${last ? `, last on ${last}` : ''}`;
    })
    .join(zh ? '；' : '; ');
  return zh ? `${what}${each}。` : `${what} ${each}.`;
}
