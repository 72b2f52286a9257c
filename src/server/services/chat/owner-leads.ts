import type { Language } from '../../../domain/accounts/language';
import { alarmMeaningLead, alarmNowLead, alarmsLead, maintenanceLead, outputLead, periodWords, spanDays, warrantyLead, workOrderLead, workOrdersLead, type AlarmTally, type LiveSituation, type OpenOrder } from '../../../domain/chat/owner-answers';
import { periodRange, type OwnerQuestion } from '../../../domain/chat/owner-question';
import { ALARM_TEXTS, alarmWords } from '../../../domain/telemetry/alarm-catalogue';
import { STEP_DONE, STEP_IN_PROGRESS } from '../../../domain/repair/work-order-status';
import { sheetStateGroup, tubeStateGroup } from '../../../domain/telemetry/state-groups';
import type { Passage } from '../../../ports/chat-answerer.port';
import type { MachineEventStore } from '../../../ports/machine-event-store.port';
import type { MachineRecord } from '../../../ports/machine-store.port';
import type { WarrantyRegistryPort } from '../../../ports/user-centre-store.port';
import type { MaintenanceService } from '../maintenance.service';
import type { RepairService } from '../repair.service';
import { CODES_OF_ERROR_TYPE } from './facts/alarm.facts';
import type { LatestValues } from './facts/live-state.facts';
import { alarmCodesIn, machinesAsked } from './machine-facts';

/** What a lead is written from: the question recognised, every machine it is about (never capped), and the asker's clock. */
export interface LeadQuery {
  /** The asker's current company: sources read only what is its (ADR 0030). */
  companyId: string;
  asked: OwnerQuestion;
  machines: readonly MachineRecord[];
  language: Language;
  timeZone: string;
  now: Date;
}

/**
 * An area that can answer an owner's question in a sentence or two before the facts and the
 * articles (issue 35): null when the question is not its business.
 */
export interface LeadSource {
  readonly name: string;
  lead(query: LeadQuery): Promise<string | null>;
}

const named = (m: MachineRecord) => ({ orderNumber: m.orderNumber, name: m.name });

/**
 * The machines an owner's question is about, every one of them (issue 35: a fleet question counts
 * the seventh machine too): machine-facts' choice (named, else of the kind named, else all) without its cap.
 */
export const leadMachines = (question: string, owned: readonly MachineRecord[]): MachineRecord[] => machinesAsked(question, owned, [], true, Infinity);

/** The words that make an article about a lead's topic (an alarm's is its code, see relevantPassages); run time and output have none. */
const TOPIC_TERMS: Record<Exclude<OwnerQuestion['topic'], 'alarmNow' | 'alarms' | 'alarmMeaning'>, readonly string[]> = {
  maintenance: ['maintenance', 'maintain', 'servicing', 'lubrication', 'lubricate', '保养', '维护', '润滑'],
  warranty: ['warranty', 'guarantee', 'extended warranty', '保修', '质保', '延保'],
  workOrders: ['work order', 'repair', 'service request', '工单', '报修', '维修'],
  output: [],
};

/** The least relevance an article needs to stand beside a lead: a topic word in its title, or twice in the section quoted. */
export const RELEVANCE_FLOOR = 2;

/** How much a passage is about a topic: 2 for each of its words in the title, 1 for each time one occurs in the section quoted. */
export function relevanceOf(passage: Passage, terms: readonly string[]): number {
  const title = passage.citation.title.toLowerCase();
  const text = passage.text.toLowerCase();
  return terms.reduce((n, term) => n + (title.includes(term) ? 2 : 0) + text.split(term).length - 1, 0);
}

/**
 * The articles that matter beside a lead (issue 35 item 1: a relevance floor, not always three):
 * for an alarm question, the fault articles of the alarms the lead names (or the code asked),
 * none other; for any other, those the search found that are about the lead's topic at least
 * `RELEVANCE_FLOOR` (none for run time and output).
 */
export function relevantPassages(passages: readonly Passage[], asked: OwnerQuestion, lead: string): Passage[] {
  if (asked.topic !== 'alarmNow' && asked.topic !== 'alarms' && asked.topic !== 'alarmMeaning') {
    const terms = TOPIC_TERMS[asked.topic];
    return passages.filter((p) => relevanceOf(p, terms) >= RELEVANCE_FLOOR);
  }
  const codes = new Set([...alarmCodesIn(lead), ...((asked.topic === 'alarms' || asked.topic === 'alarmMeaning') && asked.code ? [asked.code] : [])]);
  return passages.filter((p) => p.citation.library === 'faults' && alarmCodesIn(p.citation.title).some((c) => codes.has(c)));
}

/** The maintenance plans of the machines asked about: the overdue items, the one due next, the machines without a plan. */
export function maintenanceLeads(maintenance: Pick<MaintenanceService, 'plans'>): LeadSource {
  return {
    name: 'maintenance',
    async lead({ companyId, asked, machines, language }) {
      if (asked.topic !== 'maintenance') return null;
      const answer = await maintenance.plans(companyId, {});
      const asking = new Set(machines.map((m) => m.orderNumber));
      const plans = (answer.ok ? answer.data : [])
        .filter((v) => asking.has(v.plan.orderNumber))
        .map((v) => ({ machine: { orderNumber: v.plan.orderNumber, name: v.plan.machineName }, item: v.plan.item.project[language], state: v.state, hoursLeft: v.surplusHours }));
      return maintenanceLead(language, machines.map(named), plans);
    },
  };
}

/** How many days back the meaning of a code looks in the error log. */
const MEANING_WINDOW_DAYS = 30;

/** "What does E203 mean?": the catalogue's words, then each machine asked about's history of that code. */
export function alarmMeaningLeads(events: Pick<MachineEventStore, 'alarmCounts' | 'latestAlarms'>): LeadSource {
  return {
    name: 'alarm-meaning',
    async lead({ asked, machines, language, timeZone, now }) {
      if (asked.topic !== 'alarmMeaning') return null;
      const { from, to } = periodRange({ kind: 'lastDays', days: MEANING_WINDOW_DAYS }, now, timeZone);
      const ofCode = (type: string) => (CODES_OF_ERROR_TYPE[type] ?? []).includes(asked.code);
      const history = await Promise.all(
        machines.map(async (m) => {
          const counts = (await events.alarmCounts(m.orderNumber, from, to)).filter((r) => ofCode(r.errorType));
          const count = counts.reduce((n, r) => n + r.count, 0);
          const last = count ? (await events.latestAlarms(m.orderNumber, null, 200)).find((a) => ofCode(a.errorType) && a.errorDate >= from) : undefined;
          return { machine: named(m), count, last: last?.errorDate ?? null };
        }),
      );
      return alarmMeaningLead(language, asked.code, ALARM_TEXTS[asked.code]?.[language] ?? null, history, MEANING_WINDOW_DAYS, timeZone);
    },
  };
}

/** The error log's alarms of a span, per machine: how many, and the most frequent (in the asker's words). */
export function alarmLeads(events: Pick<MachineEventStore, 'alarmCounts'>): LeadSource {
  return {
    name: 'alarms',
    async lead({ asked, machines, language, timeZone, now }) {
      if (asked.topic !== 'alarms') return null;
      const { from, to } = periodRange(asked.period, now, timeZone);
      const counts = await Promise.all(machines.map((m) => events.alarmCounts(m.orderNumber, from, to)));
      const tallies = machines.map((m, i): AlarmTally => {
        const rows = counts[i]!.filter((r) => !asked.code || (CODES_OF_ERROR_TYPE[r.errorType] ?? []).includes(asked.code));
        const top = [...rows].sort((a, b) => b.count - a.count)[0];
        return {
          machine: named(m),
          count: rows.reduce((n, r) => n + r.count, 0),
          top: top ? { alarm: alarmWords(language, top.errorType, top.errorContent).text || top.errorType, count: top.count } : null,
        };
      });
      return alarmsLead(language, tallies, periodWords(asked.period, from, timeZone, language), asked.code);
    },
  };
}

/**
 * The live side's answer to "which machine is in alarm now?": each machine's state as the broker
 * last told it (offline when it said nothing lately), the alarm in the asker's words, and since
 * when (the error log's latest alarm of that kind).
 */
export function liveAlarmLeads(latest: LatestValues, events: Pick<MachineEventStore, 'latestAlarms'>): LeadSource {
  return {
    name: 'live-alarms',
    async lead({ asked, machines, language, timeZone }) {
      if (asked.topic !== 'alarmNow') return null;
      const fleet = await Promise.all(
        machines.map(async (m) => {
          const snapshot = latest(m.orderNumber);
          if (!snapshot) return { machine: named(m), now: { kind: 'offline' } as LiveSituation };
          const v = snapshot.values;
          const type = typeof v.ErrorType === 'string' ? v.ErrorType.trim() : '';
          const stop = m.kind === 'sheet' ? sheetStateGroup(v.State) === 'emergencyStop' : false;
          if (!type && !stop) {
            const group = m.kind === 'tube' ? tubeStateGroup(v.State) : sheetStateGroup(v.State);
            const kind = group === 'run' || group === 'running' ? 'working' : group === 'idle' ? 'idle' : group === 'offline' ? 'offline' : 'stopped';
            return { machine: named(m), now: { kind } as LiveSituation };
          }
          const alarm = type ? alarmWords(language, type, typeof v.ErrorContent === 'string' ? v.ErrorContent : '').text || type : '';
          const last = type ? (await events.latestAlarms(m.orderNumber, null, 1))[0] : undefined;
          const since = last && last.errorType === type ? last.errorDate : null;
          return { machine: named(m), now: { kind: stop ? 'emergencyStop' : 'alarm', alarm, since } as LiveSituation };
        }),
      );
      return alarmNowLead(language, fleet, timeZone);
    },
  };
}

/** The warranty registry's end of each machine asked about (the extension's when it has one), read for those machines only. */
export function warrantyLeads(registry: Pick<WarrantyRegistryPort, 'warrantyOf'>): LeadSource {
  return {
    name: 'warranty',
    async lead({ asked, machines, language, timeZone, now }) {
      if (asked.topic !== 'warranty') return null;
      const records = new Map((machines.length ? await registry.warrantyOf(machines.map((m) => m.orderNumber)) : []).map((r) => [r.orderNumber, r]));
      const ends = machines.map((m) => {
        const r = records.get(m.orderNumber);
        return { machine: named(m), until: r ? (r.extendedUntil ?? r.guaranteeUntil) : null, extended: r?.extendedUntil ? r.extendedType : null };
      });
      return warrantyLead(language, ends, now, timeZone);
    },
  };
}

/** A page of the caller's open orders read at a time; every page is read, none capped. */
const ORDER_PAGE = 100;

/** The caller's open (not completed) work orders on the machines asked about, newest first, per machine. */
export function workOrderLeads(repair: Pick<RepairService, 'list'>): LeadSource {
  return {
    name: 'work-orders',
    async lead({ companyId, asked, machines, language }) {
      if (asked.topic !== 'workOrders') return null;
      if (asked.eventNum) {
        // One order named: the caller's own of that number, whatever its step.
        const answer = await repair.list(companyId, { eventNum: asked.eventNum, dateType: '', status: null, offset: 0, limit: 1 }, language);
        const o = answer.ok ? answer.data.find((r) => r.eventNum.toUpperCase() === asked.eventNum) : undefined;
        const m = o && machines.find((x) => x.orderNumber === o.orderNumber);
        const step = o?.step === STEP_DONE ? 'done' : o?.step === STEP_IN_PROGRESS ? 'inProgress' : 'pending';
        return workOrderLead(language, asked.eventNum, o ? { machine: m ? named(m) : { orderNumber: o.orderNumber, name: '' }, eventNum: o.eventNum, step } : null);
      }
      const byNumber = new Map(machines.map((m) => [m.orderNumber, m]));
      const open: OpenOrder[] = [];
      for (let offset = 0; ; offset += ORDER_PAGE) {
        const answer = await repair.list(companyId, { dateType: '', status: 0, offset, limit: ORDER_PAGE }, language);
        const rows = answer.ok ? answer.data : [];
        for (const o of rows) {
          const m = byNumber.get(o.orderNumber);
          if (m && o.step !== STEP_DONE) open.push({ machine: named(m), eventNum: o.eventNum, step: o.step === STEP_IN_PROGRESS ? 'inProgress' : 'pending' });
        }
        if (rows.length < ORDER_PAGE || (answer.ok && answer.count !== undefined && offset + rows.length >= answer.count)) break;
      }
      return workOrdersLead(language, machines.map(named), open);
    },
  };
}

/** Run hours (the runtime days) and finished tasks (the task log) of each machine asked about over the span's local days. */
export function outputLeads(events: Pick<MachineEventStore, 'runtimeTotals' | 'tasksPerDay'>): LeadSource {
  return {
    name: 'output',
    async lead({ asked, machines, language, timeZone, now }) {
      if (asked.topic !== 'output') return null;
      const range = periodRange(asked.period, now, timeZone);
      const days = { ...spanDays(asked.period, range, timeZone), timeZone };
      const outputs = await Promise.all(
        machines.map(async (m) => {
          const [runtime, tasks] = await Promise.all([events.runtimeTotals(m.orderNumber, days), events.tasksPerDay(m.orderNumber, days)]);
          return { machine: named(m), runHours: runtime.run, tasks: tasks.reduce((n, d) => n + d.taskCount, 0) };
        }),
      );
      return outputLead(language, outputs, periodWords(asked.period, range.from, timeZone, language));
    },
  };
}
