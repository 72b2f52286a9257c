import { Readable } from 'node:stream';
import * as Chat from '../../contract/chat';
import type { ChatService } from '../services/chat/chat.service';
import { defineRoute, pageOf, RawAnswer, type ApiRoute } from '../route-kit';

/** The event stream's headers: not cached, not buffered by a proxy. */
const STREAM_HEADERS = { 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' };

/**
 * The assistant's calls (issue 20, DECISIONS 6): `Chat/Completions` answers a server-sent stream
 * (a RawAnswer over the service's lines); when the customer goes (stop, a closed tab) the
 * request's signal aborts the answer and with it the upstream request.
 */
export function chatRoutes(deps: { chat: ChatService }): ApiRoute[] {
  const { chat } = deps;
  return [
    defineRoute({
      call: Chat.Completions,
      access: 'customer', needs: 'self',
      rateLimit: { max: 30, timeWindow: 60_000 },
      bodyLimit: 200_000,
      handle: async ({ body, caller, request, reply }) => {
        const controller = new AbortController();
        // The response closes before it finished: the customer stopped or left.
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) controller.abort();
        });
        const log = (fields: Record<string, unknown>, message: string) => request.log.warn(fields, message);
        const outcome = await chat.ask({ userId: caller!.userId, companyId: caller!.companyId }, body, controller.signal, log);
        if (!outcome.ok) {
          controller.abort();
          return outcome;
        }
        return new RawAnswer('text/event-stream; charset=utf-8', Readable.from(outcome.data), STREAM_HEADERS);
      },
    }),
    defineRoute({
      call: Chat.GetConversations,
      access: 'customer', needs: 'self',
      handle: ({ body, caller }) => chat.conversations(caller!.userId, pageOf({ PrevPageNums: body.PrevPageNums, TopNums: body.TopNums ?? 50 })),
    }),
    defineRoute({
      call: Chat.GetConversation,
      access: 'customer', needs: 'self',
      handle: ({ body, caller }) => chat.conversation(caller!.userId, body.Id),
    }),
    defineRoute({
      call: Chat.DeleteConversation,
      access: 'customer', needs: 'self',
      handle: ({ body, caller }) => chat.deleteConversation(caller!.userId, body.Id),
    }),
  ];
}
