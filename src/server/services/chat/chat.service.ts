import { QUESTION_MAX_CHARS, QUESTIONS_PER_MINUTE, STREAMS_PER_USER, conversationTitle, HISTORY_MAX_MESSAGES, questionProblem } from '../../../domain/chat/chat-rules';
import type { ChatTurn } from '../../../domain/chat/chat.machine';
import type { Citation } from '../../../domain/chat/citations';
import { chunkLine, DONE_LINE } from '../../../domain/chat/stream-chunks';
import { ChatUpstreamError, type ChatAnswererPort } from '../../../ports/chat-answerer.port';
import type { Page } from '../../../ports/cam-store.port';
import type { ChatStore, ConversationRecord, MessageEnding } from '../../../ports/chat-store.port';
import type { MachineRecord, MachineStore } from '../../../ports/machine-store.port';
import type { Clock } from '../../../ports/clock.port';
import { done, refuse, type Outcome } from '../../outcome';
import { FAILURE_ZH, sourcesSection, TEXTS } from './answer-texts';
import { alarmCodesIn, collectFacts, machinesAsked, speaksTo, zoneOf, type MachineFactSource } from './machine-facts';
import { ownerQuestionOf, type OwnerQuestion } from '../../../domain/chat/owner-question';
import { chatToolbox } from './chat-tools';
import { leadMachines, relevantPassages, type LeadSource } from './owner-leads';
import type { ChatRetrieval } from './retrieval';

/** The chat call's body as the contract takes it. */
export interface AskBody {
  messages: Array<{ role: string; content: string }>;
  ConversationId?: string;
  lang?: string;
  TimeZone?: string;
}

export type AskRefusal = 'emptyQuestion' | 'lastNotQuestion' | 'tooLong' | 'tooMany' | 'busy' | 'unknownConversation';

/** What the service logs: why an answer failed or a fact source broke (never the key, never a body). */
/**
 * Who asks: the conversation, its history and the question limits are the person's; the machines
 * and everything hanging on them are the current company's (ADR 0030), which may be another
 * company's than the one the person founded.
 */
export interface ChatCaller {
  userId: string;
  companyId: string;
}

export type ChatLog = (fields: Record<string, unknown>, message: string) => void;

const HAN = /\p{Script=Han}/u;

/** The answer's language: the question's own (Chinese when it has Chinese characters), else the page's. */
export function answerLanguage(question: string, lang: unknown): 'zh' | 'en' {
  if (HAN.test(question)) return 'zh';
  if (/[a-z]{2,}/i.test(question.replace(/\bE\s?-?\d{3}\b/gi, ''))) return 'en';
  return typeof lang === 'string' && /^zh/i.test(lang) ? 'zh' : 'en';
}

/**
 * The assistant (issue 20, DECISIONS 6): checks a question (the domain's rule), keeps the
 * customer's conversations, finds the passages and the facts of the customer's own machines,
 * and streams the answer of the chosen answerer (embedded or OpenAI-compatible) in the spec's
 * SSE shape, with the cited articles as links. The caller's abort stops the upstream request.
 */
export class ChatService {
  /** Answers streaming now, per user (this server's; the per-minute limit is the database's). */
  private readonly streaming = new Map<string, number>();
  private readonly factSources: MachineFactSource[];
  /** The areas that answer an owner's question from the data first (issue 35). */
  private readonly leadSources: LeadSource[] = [];

  constructor(
    private readonly store: ChatStore,
    private readonly machines: MachineStore,
    private readonly retrieval: ChatRetrieval,
    factSources: readonly MachineFactSource[],
    private readonly answerer: ChatAnswererPort,
    private readonly clock: Clock,
  ) {
    this.factSources = [...factSources];
  }

  /** A source that exists only once the app runs (the live state, from the telemetry). */
  addFactSource(source: MachineFactSource): void {
    if (!this.factSources.some((s) => s.name === source.name)) this.factSources.push(source);
  }

  /** An area that writes the lead of the owner's questions it knows (the error log, the live state). */
  addLeadSource(source: LeadSource): void {
    if (!this.leadSources.some((s) => s.name === source.name)) this.leadSources.push(source);
  }

  async ask(caller: ChatCaller, body: AskBody, signal: AbortSignal, log: ChatLog): Promise<Outcome<AsyncIterable<string>, AskRefusal>> {
    const { userId } = caller;
    const lang = body.lang === 'en' || (typeof body.lang === 'string' && /^en/i.test(body.lang)) ? 'en' : 'zh';
    const last = body.messages[body.messages.length - 1];
    if (!last || last.role !== 'user') return refuse('lastNotQuestion');
    const problem = questionProblem(last.content);
    if (problem === 'empty') return refuse('emptyQuestion', { lang });
    if (problem === 'tooLong') return refuse('tooLong', { lang, max: QUESTION_MAX_CHARS });
    const question = last.content.trim();
    let conversation: ConversationRecord | null = null;
    if (body.ConversationId) {
      conversation = await this.store.conversation(userId, body.ConversationId);
      if (!conversation) return refuse('unknownConversation');
    }
    const now = this.clock.now();
    if ((await this.store.questionsSince(userId, new Date(now.getTime() - 60_000))) >= QUESTIONS_PER_MINUTE) return refuse('tooMany', { lang, seconds: 60 });
    if ((this.streaming.get(userId) ?? 0) >= STREAMS_PER_USER) return refuse('busy', { lang });

    this.streaming.set(userId, (this.streaming.get(userId) ?? 0) + 1);
    // Freed once: when the stream ends, or when the customer goes before it started.
    let held = true;
    const free = () => {
      if (held) this.release(userId);
      held = false;
    };
    signal.addEventListener('abort', free, { once: true });
    // The question is stored while the articles are searched (the stream waits for both).
    const known = conversation;
    const stored = (async () => {
      const c = known ?? (await this.store.createConversation(userId, conversationTitle(question), now));
      await this.store.addMessage(c, { role: 'user', content: question, reasoning: '', citations: [], ending: '', createdAt: now });
      return c;
    })();
    stored.catch(() => {});
    const history: ChatTurn[] = body.messages
      .slice(0, -1)
      .filter((m): m is ChatTurn => m.role === 'user' || m.role === 'assistant')
      .slice(-HISTORY_MAX_MESSAGES);
    return done(this.stream(caller, stored, question, history, answerLanguage(question, body.lang), zoneOf(body.TimeZone), signal, log, free));
  }

  /** The first lead an area writes for the question over these machines; a source that fails is left out, the answer goes on. */
  private async lead(companyId: string, asked: OwnerQuestion, machines: readonly MachineRecord[], language: 'zh' | 'en', timeZone: string, log: ChatLog) {
    for (const source of this.leadSources) {
      try {
        const lead = await source.lead({ companyId, asked, machines, language, timeZone, now: this.clock.now() });
        if (lead) return lead;
      } catch (error) {
        log({ source: source.name, err: (error as Error)?.message }, 'chat lead source failed');
      }
    }
    return null;
  }

  private release(userId: string) {
    const n = (this.streaming.get(userId) ?? 1) - 1;
    if (n > 0) this.streaming.set(userId, n);
    else this.streaming.delete(userId);
  }

  private async *stream(
    { companyId }: ChatCaller,
    stored: Promise<ConversationRecord>,
    question: string,
    history: ChatTurn[],
    language: 'zh' | 'en',
    timeZone: string,
    signal: AbortSignal,
    log: ChatLog,
    free: () => void,
  ): AsyncGenerator<string> {
    let content = '';
    let reasoning = '';
    let citations: Citation[] = [];
    let ending: MessageEnding = 'done';
    let conversation: ConversationRecord | null = null;
    try {
      // The customer's machines and the articles are read while the question is stored.
      const ownedLater = this.machines.listByOwner(companyId);
      ownedLater.catch(() => {});
      const passagesLater = this.retrieval.passages(question, language);
      passagesLater.catch(() => {});
      conversation = await stored;
      yield chunkLine({ content: '' }, { conversation_id: conversation.id });
      const found = await passagesLater;
      const owned = await ownedLater;
      // An owner's question on their data is answered from it first, over every machine it is about.
      const asked = ownerQuestionOf(question);
      const lead = asked ? await this.lead(companyId, asked, leadMachines(question, owned), language, timeZone, log) : null;
      const passages = lead && asked ? relevantPassages(found, asked, lead) : found;
      citations = passages.map((p) => p.citation);
      const faults = passages.filter((p) => p.citation.library === 'faults').slice(0, 1);
      const codes = [...new Set([...alarmCodesIn(question), ...faults.flatMap((p) => alarmCodesIn(p.citation.title))])];
      const topical = this.factSources.some((s) => s.topic && speaksTo(s, question));
      // Beside a lead, the facts support it: those of the machines it names, every one of them.
      const about = lead ? owned.filter((m) => lead.includes(m.orderNumber)) : machinesAsked(question, owned, codes, topical);
      const facts = await collectFacts(
        this.factSources,
        { companyId, question, machines: about, codes, language, timeZone, now: this.clock.now() },
        (source, error) => log({ source, err: (error as Error)?.message }, 'chat fact source failed'),
      );
      yield chunkLine({}, { citations });
      // An upstream model may also ask for the customer's data itself (issue 35 item 2).
      const tools = chatToolbox({
        owned,
        passages,
        answer: (about, machines) => this.lead(companyId, about, machines, language, timeZone, log),
        search: (query) => this.retrieval.passages(query, language),
        // A refused call is worth a line (a model reaching for another customer's machine); the others are not.
        onCall: (name, refused) => void (refused && log({ tool: name, refused }, 'chat function refused')),
      });
      for await (const delta of this.answerer.answer({ question, history, language, passages, facts, lead, tools }, signal)) {
        if (signal.aborted) break;
        content += delta.content;
        reasoning += delta.reasoning;
        yield chunkLine(delta);
      }
      if (signal.aborted) {
        ending = 'stopped';
        return;
      }
      if (tools.citations().length > citations.length) {
        citations = tools.citations();
        yield chunkLine({}, { citations });
      }
      const sources = sourcesSection(citations, language);
      if (sources) {
        content += sources;
        yield chunkLine({ content: sources });
      }
    } catch (error) {
      if (signal.aborted || (error as Error)?.name === 'AbortError') {
        ending = 'stopped';
        return;
      }
      ending = 'failed';
      const reason = error instanceof ChatUpstreamError ? error.reason : 'internal';
      log({ reason, err: error instanceof ChatUpstreamError ? error.message : (error as Error)?.message }, 'chat answer failed');
      const why = language === 'zh' ? (FAILURE_ZH[reason] ?? '服务内部错误') : error instanceof ChatUpstreamError ? error.message : 'an internal error';
      const note = TEXTS[language].failed(why);
      content += note;
      yield chunkLine({ content: note }, { error: reason });
    } finally {
      free();
      try {
        if (conversation) await this.store.addMessage(conversation, { role: 'assistant', content, reasoning, citations, ending, createdAt: this.clock.now() });
      } catch (error) {
        log({ err: (error as Error)?.message }, 'chat answer not stored');
      }
    }
    yield DONE_LINE;
  }

  async conversations(userId: string, page: Page) {
    const { rows, total } = await this.store.conversations(userId, page);
    return done(
      rows.map((c) => ({ Id: c.id, Title: c.title, CreateTime: c.createdAt.toISOString(), UpdateTime: c.updatedAt.toISOString() })),
      total,
    );
  }

  async conversation(userId: string, id: string | undefined): Promise<Outcome<ConversationAnswer, 'unknownConversation'>> {
    const c = id ? await this.store.conversation(userId, id) : null;
    if (!c) return refuse('unknownConversation');
    const messages = await this.store.messages(c.id);
    return done({
      Id: c.id,
      Title: c.title,
      Messages: messages.map((m) => ({
        Id: m.id,
        Role: m.role,
        Content: m.content,
        ReasoningContent: m.reasoning,
        Citations: m.citations,
        Ending: m.ending,
        CreateTime: m.createdAt.toISOString(),
      })),
    });
  }

  async deleteConversation(userId: string, id: string | undefined): Promise<Outcome<null, 'unknownConversation'>> {
    if (!id || !(await this.store.deleteConversation(userId, id))) return refuse('unknownConversation');
    return done(null);
  }
}

export interface ConversationAnswer {
  Id: string;
  Title: string;
  Messages: Array<{ Id: number; Role: 'user' | 'assistant'; Content: string; ReasoningContent: string; Citations: Citation[]; Ending: MessageEnding; CreateTime: string }>;
}
