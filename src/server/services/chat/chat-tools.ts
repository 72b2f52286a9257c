import { Ajv, type ValidateFunction } from 'ajv';
import type { Citation } from '../../../domain/chat/citations';
import { citationHref } from '../../../domain/chat/citations';
import { DEFAULT_ALARM_PERIOD, DEFAULT_OUTPUT_PERIOD, MAX_PERIOD_DAYS, type OwnerQuestion, type PeriodName } from '../../../domain/chat/owner-question';
import { MAX_ARGUMENT_CHARS } from '../../../domain/chat/tool-calls';
import type { ChatToolbox, Passage, ToolDefinition } from '../../../ports/chat-answerer.port';
import type { MachineRecord } from '../../../ports/machine-store.port';
import { modelOf } from './machine-facts';

/**
 * The customer's data as functions an upstream model calls (issue 35 item 2, OpenAI function
 * calling). Every function answers for the asker's own machines only: the asker comes from the
 * token (the toolbox is made per answer), a machine is named by order number and one that is not
 * the asker's is refused in the same words as one that does not exist. The answers are the same
 * sentences the embedded assistant leads with, so both paths say the same of the same data.
 */

const ORDER_NUMBERS = {
  type: 'array',
  items: { type: 'string', minLength: 1, maxLength: 64 },
  maxItems: 50,
  description: "Order numbers of the customer's machines the question is about; leave out for all of them.",
};
const PERIOD = {
  type: 'string',
  enum: ['today', 'yesterday', 'this_week', 'last_week', 'this_month', 'last_days'],
  description: "The span in the customer's calendar (weeks start on Monday); last_days counts back `days` days from now.",
};
const DAYS = { type: 'integer', minimum: 1, maximum: MAX_PERIOD_DAYS, description: 'With period last_days: how many days.' };
const CODE = { type: 'string', pattern: '^[Ee]\\s?-?\\d{3}$', description: 'An alarm code such as E203.' };
const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required, additionalProperties: false });

export const CHAT_TOOLS: readonly ToolDefinition[] = [
  { name: 'my_machines', description: "The customer's machines: order number, name, model, kind (sheet or tube) and when each was bound.", parameters: object({}) },
  { name: 'live_state', description: 'What each machine is doing right now (working, idle, stopped, offline, in alarm or emergency stop, since when).', parameters: object({ order_numbers: ORDER_NUMBERS }) },
  { name: 'alarms', description: 'How many alarms each machine raised in a span (default the last 30 days) and the most frequent one; optionally of one code only.', parameters: object({ order_numbers: ORDER_NUMBERS, period: PERIOD, days: DAYS, code: CODE }) },
  { name: 'alarm_code', description: "What an alarm code means, and how often and when last each machine raised it in the last 30 days.", parameters: object({ code: CODE, order_numbers: ORDER_NUMBERS }, ['code']) },
  { name: 'maintenance_due', description: 'The maintenance plans of the machines: overdue items and the item due next, with the hours left.', parameters: object({ order_numbers: ORDER_NUMBERS }) },
  { name: 'warranty', description: "When each machine's warranty ends (the extension's end when it has one).", parameters: object({ order_numbers: ORDER_NUMBERS }) },
  { name: 'work_orders', description: "The customer's open repair work orders per machine, or the status of one order by its number (EV...).", parameters: object({ order_numbers: ORDER_NUMBERS, event_num: { type: 'string', pattern: '^[A-Za-z]{2}\\d{6,20}$' } }) },
  { name: 'output', description: 'Run hours and finished cutting tasks of each machine in a span (default today).', parameters: object({ order_numbers: ORDER_NUMBERS, period: PERIOD, days: DAYS }) },
  { name: 'search_articles', description: "Searches the portal's articles (knowledge base, guides, common faults, downloads); cite a result as [n].", parameters: object({ query: { type: 'string', minLength: 1, maxLength: 200 } }, ['query']) },
];

const ajv = new Ajv({ allErrors: false });
const validators = new Map<string, ValidateFunction>(CHAT_TOOLS.map((t) => [t.name, ajv.compile(t.parameters)]));

interface ToolArguments {
  order_numbers?: string[];
  period?: 'today' | 'yesterday' | 'this_week' | 'last_week' | 'this_month' | 'last_days';
  days?: number;
  code?: string;
  event_num?: string;
  query?: string;
}

/** A span as the tools name it, as the domain reads it (`last_days` without `days` is a week). */
function periodOf(args: ToolArguments, fallback: PeriodName): PeriodName {
  switch (args.period) {
    case undefined:
      return fallback;
    case 'this_week':
      return { kind: 'thisWeek' };
    case 'last_week':
      return { kind: 'lastWeek' };
    case 'this_month':
      return { kind: 'thisMonth' };
    case 'last_days':
      return { kind: 'lastDays', days: args.days ?? 7 };
    default:
      return { kind: args.period };
  }
}

const codeOf = (code: string) => `E${code.replace(/\D/g, '')}`;

/** The owner question a function stands for (null: it is not one, see `call`). */
function questionOf(name: string, args: ToolArguments): OwnerQuestion | null {
  switch (name) {
    case 'live_state':
      return { topic: 'alarmNow' };
    case 'alarms':
      return { topic: 'alarms', period: periodOf(args, DEFAULT_ALARM_PERIOD), code: args.code ? codeOf(args.code) : null };
    case 'alarm_code':
      return { topic: 'alarmMeaning', code: codeOf(args.code!) };
    case 'maintenance_due':
      return { topic: 'maintenance' };
    case 'warranty':
      return { topic: 'warranty' };
    case 'work_orders':
      return { topic: 'workOrders', eventNum: args.event_num ? args.event_num.toUpperCase() : null };
    case 'output':
      return { topic: 'output', period: periodOf(args, DEFAULT_OUTPUT_PERIOD) };
    default:
      return null;
  }
}

/** What the toolbox needs from the assistant: the lead sources' answer over chosen machines, and the article search. */
export interface ToolDeps {
  /** The asker's machines, every one (read from the token's user). */
  owned: readonly MachineRecord[];
  answer(asked: OwnerQuestion, machines: readonly MachineRecord[]): Promise<string | null>;
  search(query: string): Promise<Passage[]>;
  /** The articles already given to the model, numbered from 1 in this order. */
  passages: readonly Passage[];
  /** Each call's name and whether it was refused (never its arguments: they may hold what the customer typed). */
  onCall?(name: string, refused: string | null): void;
}

/** The toolbox of one answer, and the articles it cited beyond the first passages. */
export interface AnswerToolbox extends ChatToolbox {
  /** Every article numbered so far: the first passages, then those the model's searches found. */
  citations(): Citation[];
}

const refusal = (error: string, message: string) => JSON.stringify({ error, message });

export function chatToolbox(deps: ToolDeps): AnswerToolbox {
  const cited: Citation[] = deps.passages.map((p) => p.citation);
  const numberOf = (c: Citation) => {
    const at = cited.findIndex((x) => x.id === c.id && x.library === c.library);
    if (at >= 0) return at + 1;
    cited.push(c);
    return cited.length;
  };
  const byNumber = new Map(deps.owned.map((m) => [m.orderNumber.toLowerCase(), m]));

  async function run(name: string, argumentsJson: string): Promise<string> {
    const validate = validators.get(name);
    if (!validate) return refusal('unknown_function', `There is no function ${JSON.stringify(name.slice(0, 64))}.`);
    if (argumentsJson.length > MAX_ARGUMENT_CHARS) return refusal('bad_arguments', 'The arguments are too long.');
    let args: ToolArguments;
    try {
      args = argumentsJson.trim() ? JSON.parse(argumentsJson) : {};
    } catch {
      return refusal('bad_arguments', 'The arguments are not JSON.');
    }
    if (!validate(args)) return refusal('bad_arguments', `The arguments do not fit the function: ${ajv.errorsText(validate.errors)}.`);
    if (name === 'search_articles') {
      const found = await deps.search(args.query!);
      return JSON.stringify({ articles: found.map((p) => ({ n: numberOf(p.citation), title: p.citation.title, link: citationHref(p.citation), text: p.text })) });
    }
    let machines: MachineRecord[] = [...deps.owned];
    if (args.order_numbers?.length) {
      machines = [];
      for (const asked of args.order_numbers) {
        const m = byNumber.get(asked.trim().toLowerCase());
        // Another customer's machine and no machine at all get the same words: nothing tells them apart.
        if (!m) return refusal('unknown_machine', `No machine with order number ${JSON.stringify(asked.slice(0, 64))} is among this customer's machines.`);
        if (!machines.includes(m)) machines.push(m);
      }
    }
    if (name === 'my_machines') {
      return JSON.stringify({
        machines: machines.map((m) => ({ order_number: m.orderNumber, name: m.name, model: modelOf(m), kind: m.kind, bound_at: m.boundAt?.toISOString() ?? null })),
      });
    }
    const answer = await deps.answer(questionOf(name, args)!, machines);
    return JSON.stringify({ machines: machines.map((m) => ({ order_number: m.orderNumber, name: m.name })), answer: answer ?? 'Nothing is recorded for these machines.' });
  }

  return {
    definitions: CHAT_TOOLS,
    citations: () => [...cited],
    async call(name, argumentsJson) {
      const result = await run(name, argumentsJson).catch(() => refusal('unavailable', 'This information cannot be read right now.'));
      deps.onCall?.(name, result.startsWith('{"error"') ? (JSON.parse(result) as { error: string }).error : null);
      return result;
    },
  };
}
