import type { FastifyInstance } from 'fastify';
import type { Access } from '../domain/shared/access';
import type { Envelope } from '../contract/envelope';
import { isLoopback } from '../domain/shared/loopback';
import type { OutboxEntry } from '../adapters/outbox/outbox.adapter';
import { escapeHtml } from './html-escape';

export interface DevOutboxOptions {
  outbox: { list(): readonly OutboxEntry[] };
}

const PUBLIC: Access = 'public';

/** Local page of the embedded outbox (mail and SMS that were kept instead of sent); register only while no SMTP is configured. */
export async function devOutboxPlugin(app: FastifyInstance, opts: DevOutboxOptions): Promise<void> {
  // The page shows verification codes: only someone at this machine may read it.
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopback(request.ip)) return reply.code(404).send({ code: 404, info: 'Not found', ReturnData: null });
  });
  app.get('/dev/outbox', { config: { access: PUBLIC }, schema: { hide: true } }, async (_request, reply) => {
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return renderOutboxPage(opts.outbox.list());
  });

  app.get('/dev/outbox.json', { config: { access: PUBLIC }, schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const body: Envelope<readonly OutboxEntry[]> = { code: 200, info: 'ok', ReturnData: opts.outbox.list() };
    return body;
  });
}

/** The outbox page, newest first (the list is expected newest first). */
export function renderOutboxPage(entries: readonly OutboxEntry[]): string {
  const items = entries
    .map((e) => {
      const subject = e.channel === 'email' ? `<div class="subject">${escapeHtml(e.subject)}</div>` : '';
      return `<article>
<header><span class="channel ${e.channel}">${e.channel === 'email' ? 'Email' : 'SMS'}</span>
<span class="to">to ${escapeHtml(e.to)}</span>
<time datetime="${escapeHtml(e.at)}">${escapeHtml(e.at)}</time></header>
${subject}<pre>${escapeHtml(e.text)}</pre>
</article>`;
    })
    .join('\n');
  const empty = entries.length === 0 ? '<p class="empty">No messages yet.</p>' : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Outbox (${entries.length})</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 1rem; color: #1a202c; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
.note { color: #4a5568; margin: 0 0 1rem; }
article { border: 1px solid #e2e8f0; border-radius: 6px; padding: .75rem 1rem; margin: 0 0 .75rem; }
header { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: baseline; }
.channel { font-weight: 600; font-size: .8rem; padding: 0 .5rem; border-radius: 4px; }
.channel.email { background: #ebf8ff; color: #2b6cb0; }
.channel.sms { background: #f0fff4; color: #2f855a; }
.to { font-weight: 600; overflow-wrap: anywhere; }
time { color: #718096; font-size: .85rem; margin-left: auto; }
.subject { margin-top: .25rem; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f7fafc; padding: .5rem; border-radius: 4px; margin: .5rem 0 0; }
</style>
</head>
<body>
<h1>Outbox</h1>
<p class="note">No mail or SMS service is configured, so messages are kept here instead of being sent. Newest first. <a href="/dev/outbox">Refresh</a> · <a href="/dev/outbox.json">JSON</a></p>
${empty}${items}
</body>
</html>
`;
}
