import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedKnowledge } from '../../src/seed/knowledge.seed';
import { parseMachineEvent } from '../../src/server/telemetry/machine-events';
import { askChat } from '../support/ask-chat';
import { contentOf } from '../support/chat-stream';
import { bindNewMachine, createCustomer, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Issue 35: the assistant answers an owner's question from their data first, over every machine
// they have (a seventh too), for the span asked, then the facts, then only the articles that matter.
// The test clock starts at 2026-11-21 08:00 UTC, a Saturday: this week began Monday 2026-11-16.
let portal: TestPortal;
let owner: TestCustomer;
let other: TestCustomer;
let machines: string[];
let otherTube: string;

const HOUR = 3_600_000;
const ask = async (who: TestCustomer, content: string, lang: 'zh' | 'en' = 'en') => contentOf(await askChat(portal, who.token, content, lang));

beforeAll(async () => {
  portal = await createTestPortal({ RATE_LIMIT_SCALE: '100' });
  await seedKnowledge(portal.services);
  owner = await createCustomer(portal, 'lead-owner');
  other = await createCustomer(portal, 'lead-other');
  machines = [];
  // Seven machines: the audit found fleet answers stopping at six.
  for (let i = 0; i < 7; i++) machines.push(await bindNewMachine(portal, owner, i % 2 ? 'T' : 'G', i % 2 ? `T220 Tube Cutter ${i}` : `G3015 Fiber Laser ${i}`));
  otherTube = await bindNewMachine(portal, other, 'T', 'T220 Tube Cutter 9');
  const now = portal.clock.now().getTime();
  const alarm = (orderNumber: string, hoursAgo: number, type: string, content: string, id: string) =>
    parseMachineEvent(orderNumber, 'alarm', JSON.stringify({ EventId: id, ErrorDate: new Date(now - hoursAgo * HOUR).toISOString(), ErrorType: type, ErrorContent: content }))!;
  await portal.services.machineEvents.store([
    // This week: three on the seventh machine (two collisions), two on the second; last month: five more on the second.
    alarm(machines[6]!, 2, 'Collision', 'E203 Height sensor collision', 'a1'),
    alarm(machines[6]!, 30, 'Collision', 'E203 Height sensor collision', 'a2'),
    alarm(machines[6]!, 50, 'Servo', 'E101 Servo drive alarm', 'a3'),
    alarm(machines[1]!, 10, 'Gas', 'E410 Assist gas pressure low', 'b1'),
    alarm(machines[1]!, 100, 'Gas', 'E410 Assist gas pressure low', 'b2'),
    ...[1, 2, 3, 4, 5].map((d) => alarm(machines[1]!, 24 * (10 + d), 'Gas', 'E410 Assist gas pressure low', `b-old-${d}`)),
    // The other customer's machine: never counted for the owner.
    alarm(otherTube, 1, 'Collision', 'E203 Height sensor collision', 'o1'),
  ]);
});
afterAll(() => portal.close());

describe("the assistant answers an owner's question from their data first", () => {
  it('names the machine in alarm now, out of all seven, before anything else, and cites only its alarm\u2019s article', async () => {
    const live = portal.app.telemetry.live;
    live.ingest(machines[6]!, JSON.stringify([{ KEY: 'State', VALUE: 0 }, { KEY: 'ErrorType', VALUE: 'Collision' }, { KEY: 'ErrorContent', VALUE: 'E203 Height sensor collision' }]));
    for (const m of machines.slice(0, 4)) live.ingest(m, JSON.stringify([{ KEY: 'State', VALUE: 1 }, { KEY: 'ErrorType', VALUE: '' }]));
    live.ingest(otherTube, JSON.stringify([{ KEY: 'State', VALUE: 0 }, { KEY: 'ErrorType', VALUE: 'Laser' }, { KEY: 'ErrorContent', VALUE: 'E305 Laser source not ready' }]));

    const en = await ask(owner, 'Which of my machines has an active alarm right now?');
    expect(en.startsWith('1 of your 7 machines is in alarm right now: G3015 Fiber Laser 6 (')).toBe(true);
    expect(en).toContain(`(${machines[6]}): E203`);
    expect(en).toContain('since 2026-11-21 06:00');
    expect(en).not.toContain(otherTube);
    // The supporting facts are the machine in alarm's, not a list of all seven.
    expect(en).toContain(`**${machines[6]}**`);
    for (const calm of machines.slice(0, 6)) expect(en).not.toContain(calm);
    expect(en).not.toContain("From the portal's articles");
    expect(en).not.toMatch(/LaserNest/);
    expect(en).not.toMatch(/E305/);

    const zh = await ask(owner, '我的哪台设备现在有报警？', 'zh');
    expect(zh.startsWith('您的 7 台设备中有 1 台现在有报警：')).toBe(true);
    expect(zh).toContain(machines[6]!);
    expect(zh).not.toMatch(/没有 E101|no E101/);
  });

  it('counts the alarms of the span asked over every machine, not the last 30 days', async () => {
    const week = await ask(owner, 'How many alarms did my machines have this week?');
    expect(week.startsWith('Your 7 machines had 5 alarms this week (since 2026-11-16): ')).toBe(true);
    expect(week).toContain(`G3015 Fiber Laser 6 (${machines[6]}) 3, most often E203`);
    expect(week).toContain(`(${machines[1]}) 2, most often E410`);
    expect(week).toContain('the other 5 had none');

    const month = await ask(owner, 'How many alarms in the last 30 days?');
    expect(month.startsWith('Your 7 machines had 10 alarms in the last 30 days')).toBe(true);

    // A model named: only its machines; a code named: only that alarm.
    const t220 = await ask(owner, 'T220 alarms this week');
    expect(t220.startsWith('Your 3 machines had ')).toBe(true);
    const code = await ask(owner, `How often did E203 happen on ${machines[6]} this week?`);
    expect(code.startsWith(`G3015 Fiber Laser 6 (${machines[6]}) had E203 2 times this week (since 2026-11-16).`)).toBe(true);

    const zh = await ask(owner, '本周我的设备有多少次报警', 'zh');
    expect(zh.startsWith('您的 7 台设备本周（2026-11-16 起）共有 5 次报警：')).toBe(true);
  });

  it("says what a code means, then the machines' own history of it, and cites only that code's article", async () => {
    const text = await ask(owner, 'What does E203 mean?');
    expect(text.startsWith(`E203 means: Height sensor collision (following error). G3015 Fiber Laser 6 (${machines[6]}) 2 times in the last 30 days, last on 2026-11-21 06:00.`)).toBe(true);
    expect(text).not.toContain(otherTube);
    expect(text).not.toMatch(/LaserNest/);
  });

  it('cites no article beside a lead no article is about (the relevance floor)', async () => {
    const text = await ask(owner, 'How long did my machines run today?');
    expect(text.startsWith('Your 7 machines ran ')).toBe(true);
    expect(text).not.toContain('Related articles');
    expect(text).not.toContain('Articles cited');
    const zh = await ask(owner, '我的设备还在质保期内吗', 'zh');
    expect(zh).not.toContain('引用的文章');
  });

  it('leaves a question for the articles to the articles', async () => {
    const text = await ask(owner, 'How do I install the LaserNest nesting software?');
    expect(text.startsWith("From the portal's articles:")).toBe(true);
  });
});
