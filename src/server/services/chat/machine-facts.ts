import { zonedTime } from '../../../domain/chat/owner-answers';
import { DEFAULT_TIME_ZONE } from '../../../domain/shared/zoned-day';
import type { MachineRecord } from '../../../ports/machine-store.port';
import type { MachineFact } from '../../../ports/chat-answerer.port';
import { dateFormat } from '../../../domain/shared/date-format';

/** What a fact source is asked: whose machines, which of them the question is about, the alarm codes it names. */
export interface FactQuery {
  /** The asker's current company: its machines and what hangs on them (ADR 0030). */
  companyId: string;
  /** The question as asked: a source with a topic answers only when the question is on it. */
  question: string;
  /** The caller's machines the question concerns (never another customer's). */
  machines: readonly MachineRecord[];
  /** Alarm codes the question names or the cited fault articles are about (`E203`). */
  codes: readonly string[];
  language: 'zh' | 'en';
  /** The browser's IANA zone for the times a fact names. */
  timeZone: string;
  now: Date;
}

/**
 * One area that knows something about a customer's machines (devices, the error log; work orders,
 * maintenance and warranty when those areas land). The assistant asks every source it is given
 * and cites each fact's `source`: a new area adds a source in compose.ts, the assistant stays as it is.
 */
export interface MachineFactSource {
  readonly name: string;
  /**
   * The words that make a question this source's business (warranty, maintenance, work orders):
   * such a source is read only then, so a question about an alarm does not list every plan and
   * order. A source without a topic (the machine itself, its alarms, its live state) is always read.
   */
  readonly topic?: RegExp;
  facts(query: FactQuery): Promise<MachineFact[]>;
}

/** Whether a source has something to say about a question: it has no topic, or the question is on it. */
export const speaksTo = (source: MachineFactSource, question: string) => !source.topic || source.topic.test(question.normalize('NFKC'));

const ALARM_CODE = /\b([A-Z])\s?-?(\d{3})\b/gi;

/** Alarm codes a text names, upper-cased and without separators (`e 203`, `E-203` and `E203` are `E203`). */
export function alarmCodesIn(text: string): string[] {
  const codes = new Set<string>();
  for (const m of text.normalize('NFKC').matchAll(ALARM_CODE)) if (/^e$/i.test(m[1]!)) codes.add(`E${m[2]}`);
  return [...codes];
}

const TUBE_WORDS = /tube|pipe|管/i;
const SHEET_WORDS = /sheet|plate|flatbed|板/i;
const MINE_WORDS = /\bmy\b|\bour\b|machine|cutter|laser|我的|我们|机器|设备|机床|激光/i;
/** Most machines a question's facts cover. */
export const MAX_MACHINES = 6;

/**
 * The caller's machines a question is about: those it names by order number or model; else
 * those of the kind it names (tube, sheet); else all of them when it speaks of "my machine",
 * names an alarm code or is on a fact source's topic (`topical`: "when does the warranty end?");
 * else none.
 */
export function machinesAsked(question: string, machines: readonly MachineRecord[], codes: readonly string[], topical = false, most = MAX_MACHINES): MachineRecord[] {
  const q = question.normalize('NFKC').toLowerCase();
  const named = machines.filter((m) => q.includes(m.orderNumber.toLowerCase()) || q.includes(modelOf(m).toLowerCase()));
  if (named.length) return named.slice(0, most);
  const tube = TUBE_WORDS.test(q);
  const sheet = SHEET_WORDS.test(q);
  if (tube !== sheet) return machines.filter((m) => m.kind === (tube ? 'tube' : 'sheet')).slice(0, most);
  if (codes.length || topical || MINE_WORDS.test(q)) return machines.slice(0, most);
  return [];
}

/** The model of a machine: the first word of its name (`T220 Tube Cutter 3 kW` -> `T220`), else its order number's prefix. */
export const modelOf = (m: Pick<MachineRecord, 'name' | 'orderNumber'>) => m.name.split(/\s+/)[0] || m.orderNumber.split('-')[0]!;

/** Every source's facts; a source that fails is left out (its area is down), the answer goes on. */
export async function collectFacts(sources: readonly MachineFactSource[], query: FactQuery, onError: (source: string, error: unknown) => void): Promise<MachineFact[]> {
  if (!query.machines.length) return [];
  const lists = await Promise.all(
    sources.filter((s) => speaksTo(s, query.question)).map((s) =>
      s.facts(query).catch((error) => {
        onError(s.name, error);
        return [] as MachineFact[];
      }),
    ),
  );
  return lists.flat();
}

/** A time as the customer reads it, in their zone: `2026-11-20 14:07` (the leads' own formatter). */
export const localTime = zonedTime;

/** The zone a body names when it is a real IANA zone, else the factory's. */
export function zoneOf(value: unknown): string {
  if (typeof value === 'string' && value.length <= 64) {
    try {
      dateFormat('en', { timeZone: value });
      return value;
    } catch {
      /* not a zone */
    }
  }
  return DEFAULT_TIME_ZONE;
}
