import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface UpstreamMessage {
  role: string;
  content: string | null;
  tool_call_id?: string;
  tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>;
}

export interface UpstreamRequest {
  authorization: string | undefined;
  body: {
    model?: string;
    stream?: boolean;
    detail?: boolean;
    messages: UpstreamMessage[];
    tools?: Array<{ type: string; function: { name: string; description: string; parameters: Record<string, unknown> } }>;
    tool_choice?: string;
  };
  /** Set when the portal closed the connection before the answer ended. */
  closedEarly: boolean;
}

const chunk = (delta: Record<string, string>) => `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta }] })}\n\n`;

/** What a scripted turn does: ask for function calls, or answer in words. */
export type ScriptedTurn = { calls: Array<{ name: string; arguments: string }> } | { content: string };

/**
 * A local OpenAI-compatible chat-completions service on a loopback port. What it does follows
 * the question's words: `stall` (one piece, then silence), `silent` (no answer at all),
 * `garbage`, `http500`, `notools` (400 to a request that offers functions), `disconnect` (one piece, then the socket is destroyed), `long` (a piece
 * every 20 ms for 10 s); anything else streams reasoning, three pieces and [DONE]. A test may
 * set `script` to play a model that calls functions: it is asked first, with each request.
 */
export class FakeChatUpstream {
  readonly requests: UpstreamRequest[] = [];
  /** A model's turn for a request (null: the word-driven behaviour above). */
  script: ((body: UpstreamRequest['body']) => ScriptedTurn | null) | null = null;
  private readonly sockets = new Set<import('node:net').Socket>();
  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeChatUpstream> {
    const server = createServer();
    const upstream = new FakeChatUpstream(server);
    server.on('connection', (s) => {
      upstream.sockets.add(s);
      s.on('close', () => upstream.sockets.delete(s));
    });
    server.on('request', (req, res) => void upstream.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return upstream;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const piece of req) raw += piece;
    const record: UpstreamRequest = { authorization: req.headers.authorization, body: JSON.parse(raw), closedEarly: false };
    this.requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.closedEarly = true;
    });
    const open = () => res.writeHead(200, { 'content-type': 'text/event-stream' });
    const turn = this.script?.(record.body);
    if (turn) return void this.play(res, open, turn);
    const question = record.body.messages.at(-1)?.content ?? '';
    if (question.includes('silent')) return;
    if (question.includes('notools') && record.body.tools) {
      res.writeHead(400, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ error: { message: 'tools are not supported' } }));
    }
    if (question.includes('http500')) {
      res.writeHead(500, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ error: { message: `internal failure for ${req.headers.authorization}` } }));
    }
    open();
    res.write(chunk({ role: 'assistant', content: '' }));
    res.write(chunk({ reasoning_content: 'Thinking about it. ' }));
    res.write(chunk({ content: 'First part. ' }));
    if (question.includes('stall')) return;
    if (question.includes('garbage')) return void res.write('data: {"choices": [oops\n\n');
    if (question.includes('disconnect')) return void setTimeout(() => res.socket?.destroy(), 20);
    if (question.includes('long')) {
      for (let i = 0; i < 500 && !record.closedEarly; i++) {
        res.write(chunk({ content: `piece ${i}. ` }));
        await new Promise((r) => setTimeout(r, 20));
      }
    } else {
      res.write(chunk({ content: 'Second part, ' }));
      res.write(chunk({ content: 'see [1].' }));
    }
    if (!record.closedEarly) res.end('data: [DONE]\n\n');
  }

  /** A scripted turn as a model streams it: calls with their arguments in two pieces each, or the words in two pieces. */
  private play(res: ServerResponse, open: () => void, turn: ScriptedTurn) {
    open();
    const raw = (choice: Record<string, unknown>) => `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, ...choice }] })}\n\n`;
    if ('calls' in turn) {
      turn.calls.forEach((call, index) => {
        const half = Math.floor(call.arguments.length / 2);
        res.write(raw({ delta: { tool_calls: [{ index, id: `call_${index}_${call.name}`, type: 'function', function: { name: call.name, arguments: call.arguments.slice(0, half) } }] } }));
        res.write(raw({ delta: { tool_calls: [{ index, function: { arguments: call.arguments.slice(half) } }] } }));
      });
      res.write(raw({ delta: {}, finish_reason: 'tool_calls' }));
    } else {
      const half = Math.floor(turn.content.length / 2);
      res.write(chunk({ content: turn.content.slice(0, half) }));
      res.write(chunk({ content: turn.content.slice(half) }));
      res.write(raw({ delta: {}, finish_reason: 'stop' }));
    }
    res.end('data: [DONE]\n\n');
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
