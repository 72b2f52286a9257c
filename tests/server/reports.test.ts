import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { infoOf } from '../../src/contract/call';
import * as Reports from '../../src/contract/machine-reports';
import { MAX_RANGE_DAYS, type SpanProblem } from '../../src/domain/reports/day-range';
import { statisticsMachine } from '../../src/domain/reports/statistics.machine';
import type { MachineEvent } from '../../src/ports/machine-event-store.port';
import { parseMachineEvent } from '../../src/server/telemetry/machine-events';
import { reportsMessages } from '../../src/ui/reports/reports.messages';
import { selectStatistics } from '../../src/ui/reports/statistics.selectors';
import { bindNewMachine, createCustomer, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// The task section's calls (ADR 0006) over a history the test writes. The test clock stands at
// 2026-11-21 08:00 UTC (16:00 in Shanghai).
let portal: TestPortal;
let alice: TestCustomer;
let bob: TestCustomer;
let sheet: string;
let tube: string;

const sheetTask = (id: string, end: string, over: Record<string, unknown> = {}) => ({
  EventId: id,
  TaskName: `part-${id}.bnn`,
  CuttingLength: 100,
  PunchingNum: 10,
  ProcessingTime: 600,
  EmptyLength: 20,
  StartTime: new Date(Date.parse(end) - 600_000).toISOString(),
  EndTime: end,
  FileUrl: '',
  ...over,
});
const tubeTask = (id: string, end: string, over: Record<string, unknown> = {}) => ({
  EventId: id,
  TaskName: `tube-${id}.bnt`,
  FileUrl: '',
  SlicingLength: 50,
  SlicingDuration: 300,
  PierceCount: 12,
  PierceDuration: 5,
  TotalDuration: 400,
  IdleLength: 3,
  PartCount: 8,
  Thickness: 2,
  UseTubeCount: 1,
  StartTime: new Date(Date.parse(end) - 400_000).toISOString(),
  EndTime: end,
  ProcessType: 1,
  IsComplete: 1,
  ...over,
});
const event = (orderNumber: string, kind: string, body: unknown): MachineEvent => {
  const parsed = parseMachineEvent(orderNumber, kind, JSON.stringify(body));
  if (!parsed) throw new Error(`test event not valid: ${JSON.stringify(body)}`);
  return parsed;
};
const call = async (action: string, body: Record<string, unknown>, who: TestCustomer = alice) => (await portal.call(`Machine/${action}`, body, who.token)).body;

beforeAll(async () => {
  portal = await createTestPortal();
  alice = await createCustomer(portal, 'alice');
  bob = await createCustomer(portal, 'bob');
  sheet = await bindNewMachine(portal, alice, 'G');
  tube = await bindNewMachine(portal, alice, 'T');
  const events: MachineEvent[] = [];
  // Sheet: a morning task each day 2026-11-14 .. 21 and a late one (after midnight in Shanghai) from 11-15.
  for (let d = 14; d <= 21; d++) {
    const day = String(d).padStart(2, '0');
    events.push(event(sheet, 'task', sheetTask(`s${d}a`, `2026-11-${day}T02:00:00Z`)));
    if (d >= 15) events.push(event(sheet, 'task', sheetTask(`s${d}b`, `2026-11-${day}T17:00:00Z`, { CuttingLength: 50, PunchingNum: 5, ProcessingTime: 300 })));
  }
  events.push(event(sheet, 'alarm', { EventId: 'a1', ErrorType: 'Gas', ErrorContent: 'Assist gas pressure low', ErrorDate: '2026-11-20T03:00:00Z' }));
  events.push(event(sheet, 'alarm', { EventId: 'a2', ErrorType: 'Collision', ErrorContent: 'Nozzle collision', ErrorDate: '2026-11-20T04:00:00Z' }));
  events.push(event(sheet, 'runtime', { Day: '2026-11-20', Run: 6, Idle: 4, Offline: 14 }));
  events.push(event(sheet, 'runtime', { Day: '2026-11-19', Run: 2, Idle: 2, Offline: 20 }));
  events.push(event(tube, 'task', tubeTask('t1', '2026-11-20T05:00:00Z', { ProcessType: 0, IsComplete: 0 })));
  events.push(event(tube, 'runtime', { Day: '2026-11-20', Run: 5, Idle: 3, Offline: 15, Estop: 1 }));
  await portal.services.machineEvents.store(events);
});
afterAll(() => portal.close());

describe('processing reports and run time', () => {
  it('pages the sheet report newest first with ReturnCount the total', async () => {
    const first = await call('GetMachineReport', { OrderNumber: sheet, PrevPageNums: 0, TopNums: 5 });
    expect(first.code).toBe(200);
    expect(first.ReturnCount).toBe(15);
    expect(first.ReturnData).toHaveLength(5);
    expect(first.ReturnData[0]).toMatchObject({ TaskName: 'part-s21b.bnn', CuttingLength: 50, PunchingNum: 5, ProcessingTime: 300, EmptyLength: 20, EndTime: '2026-11-21T17:00:00.000Z', Id: expect.any(Number) });
    const last = await call('GetMachineReport', { OrderNumber: sheet, PrevPageNums: 10, TopNums: 5 });
    expect(last.ReturnData.map((r: any) => r.TaskName).at(-1)).toBe('part-s14a.bnn');
    const ends = [...first.ReturnData, ...last.ReturnData].map((r: any) => r.EndTime);
    expect(ends.slice(0, 5)).toEqual([...ends.slice(0, 5)].sort().reverse());
  });

  it('answers a page past the end as 暂无数据 with the total, so the page can go back to the last one', async () => {
    const answer = await call('GetMachineReport', { OrderNumber: sheet, PrevPageNums: 500, TopNums: 5 });
    expect(answer).toMatchObject({ code: 200, ReturnData: '暂无数据' });
    expect(answer.ReturnCount).toBeGreaterThan(0);
  });

  it('treats paging that is no whole number (a "1e309" coerced to Infinity) as the first page, never as an error', async () => {
    for (const body of [{ PrevPageNums: '1e309' }, { TopNums: '1e309' }]) {
      const answer = await portal.call('Machine/GetMachineReport', { OrderNumber: sheet, ...body }, alice.token);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
    }
  });

  it('answers tube rows with ProcessType and IsComplete, through either call', async () => {
    for (const action of ['GetReportTube', 'GetMachineReport']) {
      const answer = await call(action, { OrderNumber: tube });
      expect(answer.ReturnData[0]).toMatchObject({ SlicingLength: 50, TotalDuration: 400, ProcessType: 0, IsComplete: 0, UseTubeCount: 1 });
    }
  });

  it('answers run-time rows per day, with Estop for tube only', async () => {
    const sheetRows = await call('GetProcessingTimes', { OrderNumber: sheet });
    expect(sheetRows.ReturnData).toEqual([
      { Run: 6, Idle: 4, Offline: 14, CreateTime: '2026-11-20' },
      { Run: 2, Idle: 2, Offline: 20, CreateTime: '2026-11-19' },
    ]);
    expect((await call('GetProcessingTimeTube', { OrderNumber: tube })).ReturnData).toEqual([{ Run: 5, Idle: 3, Offline: 15, Estop: 1, CreateTime: '2026-11-20' }]);
  });

  it("answers 暂无数据 for someone else's machine, an unknown one and a machine without history", async () => {
    const empty = await bindNewMachine(portal, alice, 'P');
    for (const [who, orderNumber] of [[bob, sheet], [alice, 'NO-SUCH-1'], [alice, empty]] as const) {
      for (const action of ['GetMachineReport', 'GetProcessingTimes', 'GetMachineTasks', 'GetErrorLog']) {
        expect(await call(action, { OrderNumber: orderNumber }, who), `${action} ${orderNumber}`).toMatchObject({ code: 200, ReturnData: '暂无数据', ReturnCount: 0 });
      }
    }
  });
});

describe('statistics', () => {
  it('counts tasks per Shanghai day with zeros, and the totals and utilisation of the period', async () => {
    const answer = await call('GetMachineTasks', { OrderNumber: sheet, CreateTimeS: '2026-11-15', CreateTimeE: '2026-11-21', TimeZone: 'Asia/Shanghai' });
    expect(answer.code).toBe(200);
    // 17:00 UTC is 01:00 the next day in Shanghai: each day's late task counts on the day after.
    expect(answer.ReturnData.map((d: any) => [d.Day, d.TaskCount])).toEqual([
      ['2026-11-15', 1],
      ['2026-11-16', 2],
      ['2026-11-17', 2],
      ['2026-11-18', 2],
      ['2026-11-19', 2],
      ['2026-11-20', 2],
      ['2026-11-21', 2],
    ]);
    expect(answer.ReturnType).toMatchObject({ TaskCount: 13, RunHours: 8, IdleHours: 6, OfflineHours: 34, Utilisation: round4(8 / 48) });
    expect(answer.ReturnType.CuttingLength).toBe(answer.ReturnData.reduce((n: number, d: any) => n + d.CuttingLength, 0));
  });

  it('defaults to the last 7 days up to today', async () => {
    const answer = await call('GetMachineTasks', { OrderNumber: sheet });
    expect(answer.ReturnData.map((d: any) => d.Day)).toEqual(['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21']);
  });

  it('refuses ranges longer than 7 days, reversed ones, bad days and unknown time zones', async () => {
    expect(await call('GetMachineTasks', { OrderNumber: sheet, CreateTimeS: '2026-11-14', CreateTimeE: '2026-11-21' })).toMatchObject({ code: 400 });
    expect(await call('GetErrorLog', { OrderNumber: sheet, ErrorDateS: '2026-11-01', ErrorDateE: '2026-11-30' })).toMatchObject({ code: 400 });
    expect(await call('GetMachineTasks', { OrderNumber: sheet, CreateTimeS: '2026-11-21', CreateTimeE: '2026-11-15' })).toMatchObject({ code: 400 });
    expect(await call('GetMachineTasks', { OrderNumber: sheet, CreateTimeS: 'yesterday', CreateTimeE: '2026-11-15' })).toMatchObject({ code: 400 });
    expect(await call('GetMachineTasks', { OrderNumber: sheet, CreateTimeS: '2026-11-15', CreateTimeE: '2026-11-21', TimeZone: 'Mars/Olympus' })).toMatchObject({ code: 400 });
    // The spec's own "+08:00" times are days too.
    expect(await call('GetMachineTasks', { OrderNumber: sheet, CreateTimeS: '2026-11-15T00:00:00+08:00', CreateTimeE: '2026-11-21T23:59:59+08:00' })).toMatchObject({ code: 200 });
  });

  it('counts alarms per day and lists the latest ones', async () => {
    const answer = await call('GetErrorLog', { OrderNumber: sheet, ErrorDateS: '2026-11-19', ErrorDateE: '2026-11-21' });
    expect(answer.ReturnData).toEqual([
      { Day: '2026-11-19', Count: 0 },
      { Day: '2026-11-20', Count: 2 },
      { Day: '2026-11-21', Count: 0 },
    ]);
    expect(answer.ReturnCount).toBe(2);
    expect(answer.ReturnType.map((a: any) => a.ErrorType)).toEqual(['Collision', 'Gas']);
  });
});

describe('the 7-day range: one rule for the page and the server', () => {
  // The test clock's day in Shanghai, the page's today when it runs there.
  const TODAY = '2026-11-21';
  const ZONE = 'Asia/Shanghai';
  const CASES: Array<[start: string, end: string, problem: SpanProblem | null]> = [
    ['2026-11-15', '2026-11-21', null],
    ['2026-11-21', '2026-11-21', null],
    ['2024-02-24', '2024-03-01', null],
    ['2025-12-29', '2026-01-04', null],
    ['2026-11-14', '2026-11-21', 'tooLong'],
    ['2026-10-01', '2026-11-20', 'tooLong'],
    ['2026-11-21', '2026-11-15', 'reversed'],
    ['2026-11-20', '2026-11-19', 'reversed'],
    ['2026-02-30', '2026-03-01', 'invalid'],
    ['2026-13-01', '2026-11-20', 'invalid'],
    ['yesterday', '2026-11-15', 'invalid'],
    ['', '2026-11-15', 'invalid'],
    ['2026-11-15', '', 'invalid'],
  ];

  /** What the page's range picker shows for a range: the statistics machine as the picker drives it. */
  function pageShows(range: { start: string; end: string }) {
    const actor = createActor(statisticsMachine, { input: { machine: null, today: TODAY, timeZone: ZONE } }).start();
    actor.send({ type: 'range.change', range });
    const model = selectStatistics(actor.getSnapshot());
    actor.stop();
    return { problem: model.rangeError, message: model.rangeError && reportsMessages.en[`reports.range.error.${model.rangeError}`], range: model.range };
  }

  it.each(CASES)('%s to %s: the page and the server agree (%s)', async (start, end, problem) => {
    const page = pageShows({ start, end });
    expect(page.problem).toBe(problem);
    for (const [action, from, to] of [['GetMachineTasks', 'CreateTimeS', 'CreateTimeE'], ['GetErrorLog', 'ErrorDateS', 'ErrorDateE']] as const) {
      const answer = await call(action, { OrderNumber: sheet, [from]: start, [to]: end, TimeZone: ZONE });
      if (problem === null) {
        // The days, or 暂无数据 for a range without history.
        expect(answer.code, action).toBe(200);
      } else {
        expect(page.message).toBeTruthy();
        expect(answer, action).toMatchObject({ code: 400, info: infoOf(Reports.GetMachineTasks.refusals[problem].info, { days: MAX_RANGE_DAYS }) });
      }
    }
  });

  it('opens on the same last 7 days', async () => {
    const { range } = pageShows({ start: '2026-11-21', end: '2026-11-21' });
    const opening = createActor(statisticsMachine, { input: { machine: null, today: TODAY, timeZone: ZONE } }).getSnapshot().context.range;
    expect(range).toEqual({ start: '2026-11-21', end: '2026-11-21' });
    const days = (await call('GetMachineTasks', { OrderNumber: sheet, TimeZone: ZONE })).ReturnData.map((d: { Day: string }) => d.Day);
    expect({ start: days[0], end: days.at(-1), length: days.length }).toEqual({ ...opening, length: MAX_RANGE_DAYS });
  });
});

describe('CSV export', () => {
  const exportCsv = async (body: Record<string, unknown>, who: TestCustomer = alice) =>
    portal.app.inject({ method: 'POST', url: '/api/Machine/ExportCsv', payload: body, headers: { token: who.token } });

  it('downloads every report row with the page columns, a BOM and a safe file name', async () => {
    const res = await exportCsv({ OrderNumber: sheet, Table: 'report' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="G[\w-]+-report-2026-11-21\.csv"/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe('TaskName,CuttingLength,PunchingNum,ProcessingTime,EmptyLength,StartTime,EndTime,FileUrl');
    expect(lines).toHaveLength(16);
    expect(lines[1]).toBe('part-s21b.bnn,50,5,300,20,2026-11-21T16:50:00.000Z,2026-11-21T17:00:00.000Z,');
  });

  it('writes ProcessType and IsComplete in words, in the asked language', async () => {
    const zh = (await exportCsv({ OrderNumber: tube, Table: 'report' })).body.split('\r\n')[1];
    const en = (await exportCsv({ OrderNumber: tube, Table: 'report', lang: 'en' })).body.split('\r\n')[1];
    expect(zh.endsWith(',空走,未完成')).toBe(true);
    expect(en.endsWith(',empty operation,not completed')).toBe(true);
  });

  it('neutralises spreadsheet formulas and quotes commas in machine text', async () => {
    await portal.services.machineEvents.store([event(sheet, 'task', sheetTask('evil', '2026-11-21T06:00:00Z', { TaskName: '=HYPERLINK("http://x","a,b")' }))]);
    const body = (await exportCsv({ OrderNumber: sheet, Table: 'report', CreateTimeS: '2026-11-21', CreateTimeE: '2026-11-21' })).body;
    expect(body).toContain(`"'=HYPERLINK(""http://x"",""a,b"")"`);
  });

  it('exports run time and alarms, and refuses someone else machine with the envelope', async () => {
    expect((await exportCsv({ OrderNumber: tube, Table: 'runtime' })).body).toContain('Run,Idle,Offline,Estop,CreateTime\r\n5,3,15,1,2026-11-20');
    expect((await exportCsv({ OrderNumber: sheet, Table: 'alarms' })).body).toContain('Collision,Nozzle collision');
    const theirs = await exportCsv({ OrderNumber: sheet, Table: 'report' }, bob);
    expect(theirs.json()).toMatchObject({ code: 200, ReturnData: '暂无数据' });
  });
});

describe('the contract', () => {
  it('documents the answer of every call of the task section in the OpenAPI document', async () => {
    const doc = (await portal.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, { post: { responses: unknown } }> };
    for (const call of Object.values(Reports)) {
      if (typeof call !== 'object' || !call || !('path' in call)) continue;
      expect(JSON.stringify(doc.paths[`/api/${call.path}`]?.post.responses), call.path).toContain('ReturnData');
    }
  });
});

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
