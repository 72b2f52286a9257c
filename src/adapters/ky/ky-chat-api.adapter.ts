import { inject, injectable } from 'inversify';
import * as Chat from '../../contract/chat';
import { isLoginExpired, isSuccess } from '../../contract/envelope';
import type { AskInput, ChatMessage, StreamReport } from '../../domain/chat/chat.machine';
import type { Citation } from '../../domain/chat/citations';
import { StreamDecoder } from '../../domain/chat/stream-chunks';
import { refused } from '../../domain/shared/refused';
import type { ChatApiPort, ConversationSummary } from '../../ports/chat-api.port';
import type { PortalHttpPort, PortalStreamPort } from '../../ports/portal-http.port';
import { PortalHttpToken, PortalStreamToken } from '../../ports/api-tokens';

// Chat errors are only logged (spec 3 section 8): the page shows them in the answer, not as toasts.
const QUIET = { quiet: true } as const;

/** ChatApiPort over the portal HTTP ports: `Chat/Completions` read as it streams, and the history calls. */
@injectable()
export class KyChatApi implements ChatApiPort {
  constructor(
    @inject(PortalHttpToken) private readonly http: PortalHttpPort,
    @inject(PortalStreamToken) private readonly streams: PortalStreamPort,
  ) {}

  async ask(input: AskInput, options: { lang: 'zh' | 'en'; timeZone: string }, report: (event: StreamReport) => void, signal: AbortSignal): Promise<void> {
    const body = { stream: true, detail: false, messages: input.messages, ConversationId: input.conversationId ?? '', lang: options.lang, TimeZone: options.timeZone };
    const answer = await this.streams.stream(Chat.Completions.path, body, signal, QUIET);
    if (answer.kind === 'envelope') {
      report({ type: 'stream.failed', message: isLoginExpired(answer.envelope) ? '' : answer.envelope.info });
      return;
    }
    const reader = answer.body.getReader();
    const decoder = new StreamDecoder();
    const text = new TextDecoder();
    let failure: string | null = null;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        const events = done ? decoder.end() : decoder.push(text.decode(value, { stream: true }));
        for (const event of events) {
          if (event.kind === 'done') {
            report(failure === null ? { type: 'stream.done' } : { type: 'stream.failed', message: failure });
            return;
          }
          if (event.kind === 'garbage') continue;
          const { conversation_id: id, citations, error } = event.extra as { conversation_id?: unknown; citations?: unknown; error?: unknown };
          if (typeof id === 'string') report({ type: 'stream.meta', conversationId: id });
          if (Array.isArray(citations)) report({ type: 'stream.citations', citations: citations as Citation[] });
          if (typeof error === 'string') failure = error;
          if (event.delta.content || event.delta.reasoning) report({ type: 'stream.delta', content: event.delta.content, reasoning: event.delta.reasoning });
        }
        if (done) break;
      }
      report({ type: 'stream.failed', message: failure ?? 'the answer ended without its end marker' });
    } finally {
      reader.cancel().catch(() => {});
    }
  }

  async conversations(signal?: AbortSignal): Promise<{ kind: 'list'; rows: ConversationSummary[] } | ReturnType<typeof refused>> {
    const answer = await this.http.call(Chat.GetConversations, { PrevPageNums: 0, TopNums: 100 }, signal, QUIET);
    if (!isSuccess(answer) || !Array.isArray(answer.ReturnData)) return refused(isLoginExpired(answer) ? '' : answer.info);
    return { kind: 'list', rows: answer.ReturnData.map((c) => ({ id: c.Id, title: c.Title, updatedAt: Date.parse(c.UpdateTime) })) };
  }

  async conversation(id: string, signal?: AbortSignal) {
    const answer = await this.http.call(Chat.GetConversation, { Id: id }, signal, QUIET);
    if (answer.code === Chat.GetConversation.refusals.unknownConversation.code) return { kind: 'missing' } as const;
    const data = answer.ReturnData;
    if (!isSuccess(answer) || !data || typeof data !== 'object') return refused(isLoginExpired(answer) ? '' : answer.info);
    const messages: ChatMessage[] = data.Messages.map((m) => ({
      id: `stored-${m.Id}`,
      side: m.Role === 'user' ? 'self' : 'assistant',
      text: m.Content,
      reasoning: m.ReasoningContent,
      time: Date.parse(m.CreateTime),
      citations: m.Citations as Citation[],
      ending: m.Role === 'user' ? null : m.Ending === '' ? 'done' : m.Ending,
    }));
    return { kind: 'found', id: data.Id, messages } as const;
  }

  async remove(id: string, signal?: AbortSignal) {
    const answer = await this.http.call(Chat.DeleteConversation, { Id: id }, signal);
    return isSuccess(answer) ? ({ kind: 'deleted' } as const) : refused(isLoginExpired(answer) ? '' : answer.info);
  }
}
