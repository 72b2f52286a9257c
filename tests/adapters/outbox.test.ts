import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, appendFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { Outbox, type OutboxEntry } from '../../src/adapters/outbox/outbox.adapter';
import { devOutboxPlugin } from '../../src/server/dev-outbox.plugin';

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'outbox-test-'));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const readLines = () =>
  readFileSync(join(dataDir, 'outbox', 'outbox.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEntry);

describe('Outbox', () => {
  it('keeps mail and SMS in the file, the log and the recent list, newest first', async () => {
    const logged: OutboxEntry[] = [];
    const outbox = new Outbox({ dataDir, log: (e) => logged.push(e), now: () => new Date('2025-01-02T03:04:05Z') });
    await outbox.mailer.send({ to: 'a@example.com', subject: 'Your code', text: 'Code 123456' });
    await outbox.sms.send({ to: '13800138000', text: 'Code 654321' });

    const list = outbox.list();
    expect(list.map((e) => e.channel)).toEqual(['sms', 'email']);
    expect(list[1]).toMatchObject({ to: 'a@example.com', subject: 'Your code', text: 'Code 123456', at: '2025-01-02T03:04:05.000Z' });
    expect(list[0]).toMatchObject({ to: '13800138000', subject: '', text: 'Code 654321' });
    expect(new Set(list.map((e) => e.id)).size).toBe(2);
    expect(logged.map((e) => e.id)).toEqual([list[1].id, list[0].id]);
    expect(readLines()).toEqual([list[1], list[0]]);
  });

  it('keeps the file in send order when messages are sent concurrently', async () => {
    const outbox = new Outbox({ dataDir });
    await Promise.all(Array.from({ length: 30 }, (_, i) => outbox.sms.send({ to: `+86${i}`, text: `n${i}` })));
    expect(readLines().map((e) => e.text)).toEqual(Array.from({ length: 30 }, (_, i) => `n${i}`));
    expect(outbox.list().map((e) => e.text)).toEqual(Array.from({ length: 30 }, (_, i) => `n${29 - i}`));
  });

  it('reloads the recent messages after a restart', async () => {
    const first = new Outbox({ dataDir });
    await first.mailer.send({ to: 'b@example.com', subject: 'Hello 你好', text: 'line 1\nline 2' });
    await first.sms.send({ to: '+8613900000000', text: '验证码 111111' });
    const second = new Outbox({ dataDir });
    expect(second.list()).toEqual(first.list());
    await second.sms.send({ to: '+8613900000001', text: 'after restart' });
    expect(second.list().map((e) => e.text)).toEqual(['after restart', '验证码 111111', 'line 1\nline 2']);
  });

  it('bounds the in-memory list and reloads only the last entries, skipping broken lines', async () => {
    const outbox = new Outbox({ dataDir, limit: 5 });
    for (let i = 0; i < 12; i++) await outbox.sms.send({ to: 'x', text: `m${i}` });
    expect(outbox.list().map((e) => e.text)).toEqual(['m11', 'm10', 'm9', 'm8', 'm7']);
    expect(readLines()).toHaveLength(12);

    appendFileSync(join(dataDir, 'outbox', 'outbox.jsonl'), 'not json\n{"id":"x","channel":"fax"}\n');
    const reloaded = new Outbox({ dataDir, limit: 5 });
    expect(reloaded.list().map((e) => e.text)).toEqual(['m11', 'm10', 'm9']);
  });

  it('keeps 200 by default and reloads them from a file larger than one read chunk', () => {
    mkdirSync(join(dataDir, 'outbox'), { recursive: true });
    const big = 'x'.repeat(1000);
    const lines = Array.from({ length: 500 }, (_, i) =>
      JSON.stringify({ id: `id${i}`, channel: 'email', to: 't@example.com', subject: `s${i}`, text: `${i} ${big} 终`, at: new Date(i).toISOString() }),
    );
    appendFileSync(join(dataDir, 'outbox', 'outbox.jsonl'), lines.join('\n') + '\n');
    const list = new Outbox({ dataDir }).list();
    expect(list).toHaveLength(200);
    expect(list[0].id).toBe('id499');
    expect(list[199].id).toBe('id300');
    expect(list[199].text.endsWith('终')).toBe(true);
  });

  it('rejects when the message cannot be stored and keeps working afterwards', async () => {
    const outbox = new Outbox({ dataDir });
    rmSync(join(dataDir, 'outbox'), { recursive: true });
    await expect(outbox.sms.send({ to: 'x', text: 'lost' })).rejects.toThrow();
    expect(outbox.list()).toEqual([]);
    mkdirSync(join(dataDir, 'outbox'));
    await outbox.sms.send({ to: 'x', text: 'kept' });
    expect(outbox.list().map((e) => e.text)).toEqual(['kept']);
  });
});

describe('devOutboxPlugin', () => {
  it('serves an escaped HTML page newest first and the JSON envelope', async () => {
    const outbox = new Outbox({ dataDir });
    await outbox.mailer.send({ to: '"evil"@example.com', subject: '<script>alert(1)</script>', text: 'a < b & c > d' });
    await outbox.sms.send({ to: "<img src=x onerror='x'>", text: 'second' });

    const app = Fastify();
    await app.register(devOutboxPlugin, { outbox });
    try {
      const page = await app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).not.toContain('<script>');
      expect(page.body).not.toContain('<img');
      expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(page.body).toContain('<pre>a &lt; b &amp; c &gt; d</pre>');
      expect(page.body).toContain('&quot;evil&quot;@example.com');
      expect(page.body).toContain('&lt;img src=x onerror=&#39;x&#39;&gt;');
      expect(page.body.indexOf('second')).toBeLessThan(page.body.indexOf('a &lt; b'));

      const json = await app.inject({ method: 'GET', url: '/dev/outbox.json' });
      expect(json.json()).toEqual({ code: 200, info: 'ok', ReturnData: outbox.list() });
    } finally {
      await app.close();
    }
  });

  it('declares public access on both routes', async () => {
    const app = Fastify();
    const seen: Array<{ method: unknown; url: string; access: unknown }> = [];
    app.addHook('onRoute', (route) => {
      seen.push({ method: route.method, url: route.url, access: (route.config as { access?: unknown } | undefined)?.access });
    });
    await app.register(devOutboxPlugin, { outbox: { list: () => [] } });
    try {
      const gets = seen.filter((r) => r.method === 'GET' && r.url.startsWith('/dev/'));
      expect(gets.map((r) => r.url).sort()).toEqual(['/dev/outbox', '/dev/outbox.json']);
      expect(gets.every((r) => r.access === 'public')).toBe(true);
      const page = await app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(page.body).toContain('No messages yet.');
    } finally {
      await app.close();
    }
  });
});
