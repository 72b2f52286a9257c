import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedKnowledge } from '../../src/seed/knowledge.seed';
import { createCustomer, type TestCustomer } from '../support/customers';
import { contentOf, reasoningOf, streamEvents } from '../support/chat-stream';
import { createTestPortal, type TestPortal } from '../support/test-portal';

let portal: TestPortal;
let owner: TestCustomer;
let other: TestCustomer;
const TUBE = 'CHT220-000001';
const SHEET = 'CHG3015-000002';

async function ask(token: string, content: string, extra: Record<string, unknown> = {}) {
  const res = await portal.app.inject({
    method: 'POST',
    url: '/api/Chat/Completions',
    headers: { 'content-type': 'application/json', token },
    payload: JSON.stringify({ stream: true, detail: false, messages: [{ role: 'user', content }], ...extra }),
  });
  return { status: res.statusCode, type: String(res.headers['content-type']), body: res.body };
}

beforeAll(async () => {
  portal = await createTestPortal({ RATE_LIMIT_SCALE: '100' });
  const report = await seedKnowledge(portal.services);
  expect(report?.problems).toEqual([]);
  owner = await createCustomer(portal, 'chat-owner');
  other = await createCustomer(portal, 'chat-other');
  const { machines, machineEvents } = portal.services;
  await machines.insertIfMissing({ orderNumber: TUBE, name: 'T220 Tube Cutter 3 kW', seriesName: 'T', kind: 'tube' });
  await machines.insertIfMissing({ orderNumber: SHEET, name: 'G3015 Fiber Laser 12 kW', seriesName: 'G', kind: 'sheet' });
  expect(await machines.bind(TUBE, owner.userId, portal.clock.now())).toBe('bound');
  expect(await machines.bind(SHEET, owner.userId, portal.clock.now())).toBe('bound');
  const at = (hoursAgo: number) => new Date(portal.clock.now().getTime() - hoursAgo * 3_600_000);
  await machineEvents.store([
    { kind: 'alarm', orderNumber: TUBE, eventId: 'a1', errorDate: at(50), errorType: 'Collision', errorContent: 'Nozzle collision detected, head lifted' },
    { kind: 'alarm', orderNumber: TUBE, eventId: 'a2', errorDate: at(3), errorType: 'Collision', errorContent: 'Nozzle collision detected, head lifted' },
    { kind: 'alarm', orderNumber: TUBE, eventId: 'a3', errorDate: at(2), errorType: 'Gas', errorContent: 'Assist gas pressure low' },
    { kind: 'alarm', orderNumber: SHEET, eventId: 'b1', errorDate: at(1), errorType: 'Collision', errorContent: 'Nozzle collision detected, head lifted' },
  ]);
});
afterAll(() => portal.close());

describe('the embedded assistant', () => {
  it('answers an alarm question on the stream shape, citing the fault article and the machine\'s last occurrence', async () => {
    const res = await ask(owner.token, 'E203 on my tube cutter', { TimeZone: 'UTC' });
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/event-stream/);
    const events = streamEvents(res.body);
    expect(events.at(-1)).toBe('[DONE]');
    const first = events[0] as Record<string, any>;
    expect(first.conversation_id).toMatch(/^[0-9a-f-]{36}$/);
    const citations = (events.find((e) => e !== '[DONE]' && e.citations) as { citations: Array<{ title: string; library: string; id: number; nodeId: number }> }).citations;
    expect(citations[0]).toMatchObject({ library: 'faults' });
    expect(citations[0]!.title).toMatch(/E203/);
    const text = contentOf(events);
    // The article's passage, the machine's last E203 (2 h ago... 3 h: 05:00 UTC on the test clock's day) and the link.
    expect(text).toContain('E203 height sensor collision');
    expect(text).toContain(`**${TUBE}**`);
    // Named from the alarm catalogue by its code, not the stored English.
    expect(text).toMatch(/E203 \(Collision: Height sensor collision \(following error\)\) last occurred on 2026-11-21 05:00, 2 times/);
    expect(text).toContain('(source: Error log)');
    expect(text).toContain('(source: My devices)');
    expect(text).not.toContain(SHEET); // the question named the tube cutter
    expect(text).toContain(`(/app/selfArticle/${citations[0]!.id}/${citations[0]!.nodeId})`);
    expect(reasoningOf(events)).toMatch(/Searched the portal's knowledge base: \d articles? found/);
  });

  it('tells the live state of the machines asked about, from the broker\'s latest values', async () => {
    portal.app.telemetry.live.ingest(TUBE, JSON.stringify([{ KEY: 'State', VALUE: 0 }, { KEY: 'TaskName', VALUE: 'rail-40x40x2.bnt' }, { KEY: 'ErrorType', VALUE: '' }]));
    const text = contentOf(streamEvents((await ask(owner.token, 'Is my tube cutter running?', { TimeZone: 'UTC' })).body));
    expect(text).toMatch(new RegExp(`\\*\\*${TUBE}\\*\\*: .*running, current task: rail-40x40x2\\.bnt, as of \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} \\(source: Live state\\)`));
    // A machine that said nothing lately is offline.
    const sheet = contentOf(streamEvents((await ask(owner.token, 'Is my sheet cutter G3015 running?')).body));
    expect(sheet).toContain('no live data in the last minute (offline) (source: Live state)');
    // An active alarm is named in the question's language from the alarm catalogue, not the controller's English.
    portal.app.telemetry.live.ingest(TUBE, JSON.stringify([{ KEY: 'State', VALUE: 0 }, { KEY: 'ErrorType', VALUE: 'Laser' }, { KEY: 'ErrorContent', VALUE: 'E305 Laser source not ready' }]));
    const zh = contentOf(streamEvents((await ask(owner.token, '我的切管机现在在运行吗？', { TimeZone: 'UTC' })).body));
    expect(zh).toContain('当前报警：激光器（E305 激光器未就绪）');
    expect(zh).not.toContain('Laser source not ready');
    const en = contentOf(streamEvents((await ask(owner.token, 'Is my tube cutter running?', { TimeZone: 'UTC' })).body));
    expect(en).toContain('active alarm: Laser source (E305 Laser source not ready)');
  });

  it('answers in Chinese from the Chinese articles', async () => {
    const events = streamEvents((await ask(owner.token, '我的切管机报E203怎么办', { TimeZone: 'Asia/Shanghai' })).body);
    const text = contentOf(events);
    // Issue 35: the code's meaning and the machine's own history first, then the facts and the fault article.
    expect(text.startsWith(`E203 是“调高器碰板报警（跟随异常）”。T220 Tube Cutter`)).toBe(true);
    expect(text).toMatch(new RegExp(`\\(${TUBE}\\) 近 30 天 2 次，最近一次 2026-11-21 13:00。`));
    expect(text).toContain('相关文章');
    expect(text).toMatch(/E203（碰撞：调高器碰板报警（跟随异常））最近一次发生在 2026-11-21 13:00，近 30 天共 2 次/);
    expect(text).not.toContain('Nozzle collision');
    expect(text).toContain('来源：报警记录');
    expect(text).toContain('引用的文章');
  });

  it('says plainly when it found nothing, and reads no machine for a general question', async () => {
    const events = streamEvents((await ask(owner.token, 'xylophone quantum banana')).body);
    const text = contentOf(events);
    expect(text).toContain('I found no article');
    expect(text).not.toContain(TUBE);
    expect(events.at(-1)).toBe('[DONE]');
  });

  it('refuses an empty question with 请输入内容 (Please enter content in English) and a question over the limit', async () => {
    const empty = await portal.call('Chat/Completions', { messages: [{ role: 'user', content: '  \n ' }] }, owner.token);
    expect(empty.body).toMatchObject({ code: 400, info: '请输入内容' });
    const en = await portal.call('Chat/Completions', { messages: [{ role: 'user', content: '' }], lang: 'en' }, owner.token);
    expect(en.body).toMatchObject({ code: 400, info: 'Please enter content' });
    const long = await portal.call('Chat/Completions', { messages: [{ role: 'user', content: 'x'.repeat(2001) }] }, owner.token);
    expect(long.status).toBe(413);
    const notLast = await portal.call('Chat/Completions', { messages: [{ role: 'assistant', content: 'hi' }] }, owner.token);
    expect(notLast.body.code).toBe(400);
    expect((await portal.call('Chat/Completions', { messages: [{ role: 'user', content: 'hi' }] }, null)).status).toBe(401);
  });

  it('keeps the history per user: list, continue, delete; another customer sees none of it', async () => {
    const first = streamEvents((await ask(owner.token, 'How do I clean the protective lens?')).body);
    const id = (first[0] as { conversation_id: string }).conversation_id;
    const again = streamEvents(
      (await ask(owner.token, 'and the nozzle?', { ConversationId: id, messages: [{ role: 'user', content: 'How do I clean the protective lens?' }, { role: 'assistant', content: contentOf(first) }, { role: 'user', content: 'and the nozzle?' }] })).body,
    );
    expect((again[0] as { conversation_id: string }).conversation_id).toBe(id);
    const list = await portal.call('Chat/GetConversations', {}, owner.token);
    expect(list.body.ReturnData.map((c: { Id: string }) => c.Id)).toContain(id);
    const one = await portal.call('Chat/GetConversation', { Id: id }, owner.token);
    expect(one.body.ReturnData.Title).toBe('How do I clean the protective lens?');
    expect(one.body.ReturnData.Messages.map((m: { Role: string; Ending: string }) => `${m.Role}:${m.Ending}`)).toEqual(['user:', 'assistant:done', 'user:', 'assistant:done']);
    expect(one.body.ReturnData.Messages[1].Citations.length).toBeGreaterThan(0);
    expect(one.body.ReturnData.Messages[1].Content).toBe(contentOf(first));

    // Another customer: not listed, not readable, not continued, not deleted.
    expect((await portal.call('Chat/GetConversations', {}, other.token)).body.ReturnData).toEqual([]);
    expect((await portal.call('Chat/GetConversation', { Id: id }, other.token)).body.code).toBe(404);
    expect((await portal.call('Chat/Completions', { messages: [{ role: 'user', content: 'hi' }], ConversationId: id }, other.token)).body.code).toBe(404);
    expect((await portal.call('Chat/DeleteConversation', { Id: id }, other.token)).body.code).toBe(404);
    // Nor its machine facts: the other customer's alarm question names no machine of the owner.
    const theirs = contentOf(streamEvents((await ask(other.token, 'E203 on my tube cutter')).body));
    expect(theirs).not.toContain(TUBE);
    expect(theirs).not.toContain(SHEET);

    expect((await portal.call('Chat/DeleteConversation', { Id: id }, owner.token)).body).toMatchObject({ code: 200 });
    expect((await portal.call('Chat/GetConversation', { Id: id }, owner.token)).body.code).toBe(404);
    expect((await portal.call('Chat/GetConversation', { Id: 'not-a-uuid' }, owner.token)).body.code).toBe(404);
  });

  it('limits each customer to 12 questions a minute', async () => {
    const customer = await createCustomer(portal, 'chat-rate');
    for (let i = 0; i < 12; i++) expect((await ask(customer.token, `nozzle ${i}`)).status).toBe(200);
    const over = await portal.call('Chat/Completions', { messages: [{ role: 'user', content: 'nozzle again' }], lang: 'en' }, customer.token);
    expect(over.status).toBe(429);
    expect(over.body.info).toMatch(/Too many questions/);
    // Another customer is not affected; a minute later the customer may ask again.
    expect((await ask(other.token, 'nozzle')).status).toBe(200);
    portal.clock.advance(61_000);
    expect((await ask(customer.token, 'nozzle later')).status).toBe(200);
  });
});
