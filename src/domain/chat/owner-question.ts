import { dateFormat } from '../shared/date-format';
/**
 * What a machine owner asks the assistant about their own machines (issue 35), recognised in
 * Chinese and English so that the answer can start from the customer's data: which machine is in
 * alarm now, the alarms of a period, what an alarm code means, the next maintenance, the warranty,
 * run time and output, a work order's status. Anything else is a question for the articles.
 */

/** A span the question names, as the customer's calendar reads it. */
export type PeriodName =
  | { kind: 'today' }
  | { kind: 'yesterday' }
  /** Since Monday 00:00 of this week. */
  | { kind: 'thisWeek' }
  /** Monday to Sunday of the week before. */
  | { kind: 'lastWeek' }
  /** Since the 1st of this month. */
  | { kind: 'thisMonth' }
  /** The last `days` days up to now (rolling). */
  | { kind: 'lastDays'; days: number };

export type OwnerQuestion =
  | { topic: 'alarmNow' }
  | { topic: 'alarms'; period: PeriodName; code: string | null }
  | { topic: 'alarmMeaning'; code: string }
  | { topic: 'maintenance' }
  | { topic: 'warranty' }
  | { topic: 'output'; period: PeriodName }
  /** `eventNum`: the one order the question names (`EV202611210002`), else the open orders. */
  | { topic: 'workOrders'; eventNum: string | null };

/** The span an alarm count covers when the question names none. */
export const DEFAULT_ALARM_PERIOD: PeriodName = { kind: 'lastDays', days: 30 };
/** The span run time and output cover when the question names none. */
export const DEFAULT_OUTPUT_PERIOD: PeriodName = { kind: 'today' };
/** The longest rolling span a question may ask for. */
export const MAX_PERIOD_DAYS = 366;

const CODE = /\b([Ee])\s?-?(\d{3})\b/;

const NOW = /\b(right )?now\b|\bin alarm\b|是不是在报警|在报警|\bcurrently\b|\bat the moment\b|\bactive\b|\bat present\b|现在|当前|目前|此刻|正在/;
const ALARM = /\balarm(s|ing|ed)?\b|\bfault(s|y)?\b|\berror(s)?\b|\bin emergency stop\b|报警|告警|故障|急停|报.{0,5}警/;
const MEANING = /\bmean(s|ing)?\b|\bwhat is\b|\bwhat's\b|\bstand for\b|\bhow (do i|to) (fix|solve|clear|handle)\b|\bcause(s|d)?\b|什么意思|是什么|含义|意思|怎么(办|处理|解决|排除)|如何(处理|解决|排除)|原因/;
const COUNT = /\bhow many\b|\bhow often\b|\bcount\b|\blist\b|\bwhich alarms\b|多少|几次|几个|次数|哪些|列出/;
const MAINTENANCE = /\bmaintenance\b|\bmaintain\b|\bservice (is )?due\b|\bservicing\b|\boverdue\b|\blubricat|保养|维护|逾期|到期保养/;
const WARRANTY = /\bwarrant(y|ies)\b|\bguarantee\b|\b(still )?covered\b|\bcoverage\b|保修|质保|保固|过保|出保/;
const OUTPUT = /\brun ?time\b|\brunning time\b|\bruntime\b|\bhow long\b.*\b(run|ran|cut|work)|\boutput\b|\bproduc(ed|tion|e)\b|\bparts? (cut|made)\b|\bhow many parts\b|\bprocessing time\b|\butili[sz]ation\b|\bproductiv(e|ity)\b|\bhow much (did|have) (we|i|it|they)\b.*\b(cut|make|made|produce)|运行了?(多长时间|多久)|(工作|干)了?(多长时间|多久)|干了多少活|干了多少|运行时间|运行时长|开机|产量|加工(了|时间|数量|多少)?|生产|切了多少|利用率/;
const WORK_ORDER = /\bwork ?orders?\b|\brepair (order|request)s?\b|\bticket(s)?\b|\bservice (order|request)s?\b|工单|维修单|报修/;

const EVENT_NUM = /\bEV\d{12,}\b/i;

const ZH_DIGITS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };

/** A small number in digits or Chinese (三, 十五, 三十), else NaN. */
function numberOf(text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  if (text === '十') return 10;
  const m = /^([一二两三四五六七八九])?十([一二三四五六七八九])?$/.exec(text);
  if (m) return (m[1] ? ZH_DIGITS[m[1]]! : 1) * 10 + (m[2] ? ZH_DIGITS[m[2]]! : 0);
  return text.length === 1 && ZH_DIGITS[text] !== undefined ? ZH_DIGITS[text]! : NaN;
}

const rolling = (days: number): PeriodName | null => (Number.isFinite(days) && days >= 1 ? { kind: 'lastDays', days: Math.min(Math.trunc(days), MAX_PERIOD_DAYS) } : null);

/** The span a question names, or null when it names none. */
export function periodIn(question: string): PeriodName | null {
  const q = question.normalize('NFKC').toLowerCase();
  const days = /\b(?:last|past|previous)\s+(\d{1,4})\s+days?\b|(?:最近|近|过去|前)\s*(\d{1,4}|[一二两三四五六七八九十]{1,3})\s*(?:天|日)/.exec(q);
  if (days) return rolling(numberOf(days[1] ?? days[2]!));
  const weeks = /\b(?:last|past)\s+(\d{1,2})\s+weeks?\b|(?:最近|近|过去)\s*(\d{1,2}|[一二两三四五六七八九十]{1,3})\s*(?:周|个?星期)/.exec(q);
  if (weeks) return rolling(numberOf(weeks[1] ?? weeks[2]!) * 7);
  if (/\b(?:last|past) month\b|(?:最近|近|过去)\s*(?:一个?|1个?)月/.test(q)) return { kind: 'lastDays', days: 30 };
  if (/\btoday\b|\bthis morning\b|\bsince midnight\b|今天|今日|今早/.test(q)) return { kind: 'today' };
  if (/\byesterday\b|昨天|昨日/.test(q)) return { kind: 'yesterday' };
  if (/\blast week\b|\bprevious week\b|上周|上个?星期|上礼拜/.test(q)) return { kind: 'lastWeek' };
  if (/\bthis week\b|\bthe week\b|本周|这周|这个?星期|本星期|这礼拜/.test(q)) return { kind: 'thisWeek' };
  if (/\bthis month\b|本月|这个?月/.test(q)) return { kind: 'thisMonth' };
  if (/\blast (\d{1,3}) hours?\b|\bpast 24 hours\b|最近24小时|过去24小时/.test(q)) return { kind: 'lastDays', days: 1 };
  return null;
}

/** The alarm code a question names (`e 203`, `E-203` and `E203` are `E203`), or null. */
export function codeIn(question: string): string | null {
  const m = CODE.exec(question.normalize('NFKC'));
  return m ? `E${m[2]}` : null;
}

/**
 * What an owner's question asks of their data, or null when it is a question for the articles
 * ("how do I install LaserNest?"). The first topic that matches wins, in this order: an alarm code
 * with a meaning word (or alone) is its meaning; an alarm code with a period or a count is those
 * alarms; an alarm word with "now" is the machines in alarm now; an alarm word with a period or a
 * count is the alarms of that period; then work orders, maintenance, warranty, run time and output.
 */
export function ownerQuestionOf(question: string): OwnerQuestion | null {
  const q = question.normalize('NFKC').toLowerCase();
  const code = codeIn(q);
  const period = periodIn(q);
  const counting = COUNT.test(q);
  if (code) {
    if (period || (counting && !MEANING.test(q))) return { topic: 'alarms', period: period ?? DEFAULT_ALARM_PERIOD, code };
    return { topic: 'alarmMeaning', code };
  }
  const order = EVENT_NUM.exec(question.normalize('NFKC'));
  if (order) return { topic: 'workOrders', eventNum: order[0].toUpperCase() };
  if (WORK_ORDER.test(q)) return { topic: 'workOrders', eventNum: null };
  if (ALARM.test(q)) {
    if (NOW.test(q) && !period) return { topic: 'alarmNow' };
    if (period || counting || /\brecent\b|\blatest\b|\blast alarm\b|最近|最新/.test(q)) return { topic: 'alarms', period: period ?? DEFAULT_ALARM_PERIOD, code: null };
    return null;
  }
  if (MAINTENANCE.test(q)) return { topic: 'maintenance' };
  if (WARRANTY.test(q)) return { topic: 'warranty' };
  if (OUTPUT.test(q)) return { topic: 'output', period: period ?? DEFAULT_OUTPUT_PERIOD };
  return null;
}

const DAY_MS = 86_400_000;

/** The zone's offset from UTC at an instant, in ms (Asia/Shanghai: +8 h). */
function offsetAt(at: number, timeZone: string): number {
  const parts = Object.fromEntries(
    dateFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(new Date(at))
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - Math.floor(at / 1000) * 1000;
}

/** The zone's calendar date of an instant: year, month (1-12), day, weekday (0 Sunday). */
function localDate(at: number, timeZone: string) {
  const local = new Date(at + offsetAt(at, timeZone));
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(), weekday: local.getUTCDay() };
}

/** The instant a local midnight is in the zone (the first instant of that day, across DST changes). */
function midnight(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  let at = wall - offsetAt(wall, timeZone);
  at = wall - offsetAt(at, timeZone);
  return at;
}

/** The instants a named span covers for a customer in `timeZone` at `now`: [from, to). */
export function periodRange(period: PeriodName, now: Date, timeZone: string): { from: Date; to: Date } {
  const t = now.getTime();
  const d = localDate(t, timeZone);
  const dayStart = (offsetDays: number) => {
    const shifted = new Date(Date.UTC(d.year, d.month - 1, d.day + offsetDays));
    return midnight(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate(), timeZone);
  };
  // Monday is the week's first day (GB/T 7408, ISO 8601).
  const sinceMonday = (d.weekday + 6) % 7;
  switch (period.kind) {
    case 'today':
      return { from: new Date(dayStart(0)), to: now };
    case 'yesterday':
      return { from: new Date(dayStart(-1)), to: new Date(dayStart(0)) };
    case 'thisWeek':
      return { from: new Date(dayStart(-sinceMonday)), to: now };
    case 'lastWeek':
      return { from: new Date(dayStart(-sinceMonday - 7)), to: new Date(dayStart(-sinceMonday)) };
    case 'thisMonth':
      return { from: new Date(dayStart(1 - d.day)), to: now };
    case 'lastDays':
      return { from: new Date(t - Math.min(Math.max(1, period.days), MAX_PERIOD_DAYS) * DAY_MS), to: now };
  }
}
