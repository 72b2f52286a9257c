import { describe, expect, it } from 'vitest';
import {
  completionOf,
  processTypeOf,
  readAlarmStats,
  readPageAnswer,
  readTaskStats,
  seriesOver,
} from '../../../src/domain/reports/report-rows';
import { pageCount, pageOffset } from '../../../src/domain/reports/paging';

describe('report answers', () => {
  it('reads a page with its total, and the no-data answers as an empty page', () => {
    expect(readPageAnswer({ code: 200, info: '', ReturnData: [{ Id: 1 }, 'junk', null], ReturnCount: 31 })).toEqual({ kind: 'page', rows: [{ Id: 1 }], total: 31 });
    expect(readPageAnswer({ code: 200, info: '', ReturnData: '暂无数据', ReturnCount: 0 })).toEqual({ kind: 'page', rows: [], total: 0 });
    expect(readPageAnswer({ code: 400, info: '暂无数据' })).toEqual({ kind: 'page', rows: [], total: 0 });
    expect(readPageAnswer({ code: 200, info: '数据查询为空', ReturnData: [] })).toEqual({ kind: 'page', rows: [], total: 0 });
    expect(readPageAnswer({ code: 500, info: 'Database unavailable' })).toEqual({ kind: 'failed', info: 'Database unavailable' });
    // A total below the rows sent is not believed.
    expect(readPageAnswer({ code: 200, info: '', ReturnData: [{}, {}], ReturnCount: 1 })).toMatchObject({ total: 2 });
  });

  it('reads the task statistics: days, totals, and utilisation from the hours when the server leaves it out', () => {
    const read = readTaskStats({
      code: 200,
      info: '',
      ReturnData: [{ Day: '2025-06-01', TaskCount: 3, CuttingLength: '12.5', ProcessingTime: 600, PierceCount: 40 }, { Day: 'bad' }],
      ReturnType: { TaskCount: 3, CuttingLength: 12.5, ProcessingTime: 600, PierceCount: 40, RunHours: 6, IdleHours: 1, OfflineHours: 1 },
    });
    expect(read.kind).toBe('stats');
    if (read.kind !== 'stats') return;
    expect(read.days).toEqual([{ Day: '2025-06-01', TaskCount: 3, CuttingLength: 12.5, ProcessingTime: 600, PierceCount: 40 }]);
    expect(read.totals.Utilisation).toBe(0.75);

    const given = readTaskStats({ code: 200, info: '', ReturnData: [], ReturnType: { RunHours: 1, IdleHours: 1, Utilisation: 0.4 } });
    expect(given.kind === 'stats' && given.totals.Utilisation).toBe(0.4);
    const percent = readTaskStats({ code: 200, info: '', ReturnData: [], ReturnType: { RunHours: 1, IdleHours: 3, Utilisation: 25 } });
    expect(percent.kind === 'stats' && percent.totals.Utilisation).toBe(0.25);
    // The server sends 0 when the machine reported no time: that is "no share", not 0 %.
    const idle = readTaskStats({ code: 200, info: '', ReturnData: [], ReturnType: { TaskCount: 1, Utilisation: 0 } });
    expect(idle.kind === 'stats' && idle.totals.Utilisation).toBeNull();
    const noTime = readTaskStats({ code: 200, info: '', ReturnData: '暂无数据' });
    expect(noTime.kind === 'stats' && noTime.totals).toMatchObject({ TaskCount: 0, Utilisation: null });
    expect(readTaskStats({ code: 400, info: 'at most 7 days' })).toEqual({ kind: 'failed', info: 'at most 7 days' });
  });

  it('reads the alarm statistics: per day, the latest alarms and the period count', () => {
    const read = readAlarmStats({
      code: 200,
      info: '',
      ReturnData: [{ Day: '2025-06-01', Count: 2 }, { Day: '2025-06-02', Count: 0 }],
      ReturnType: [{ ErrorDate: '2025-06-01T08:00:00+08:00', ErrorType: 'E12', ErrorContent: 'Gas pressure low' }],
      ReturnCount: 2,
    });
    expect(read).toEqual({
      kind: 'stats',
      days: [{ Day: '2025-06-01', Count: 2 }, { Day: '2025-06-02', Count: 0 }],
      latest: [{ ErrorDate: '2025-06-01T08:00:00+08:00', ErrorType: 'E12', ErrorContent: 'Gas pressure low' }],
      count: 2,
    });
    expect(readAlarmStats({ code: 200, info: '', ReturnData: '暂无数据', ReturnCount: 0 })).toEqual({ kind: 'stats', days: [], latest: [], count: 0 });
  });

  it('lays a series over every day of the range, zeros for missing days, nothing outside it', () => {
    const range = { start: '2025-06-01', end: '2025-06-04' };
    const rows = [
      { Day: '2025-06-02', Count: 5 },
      { Day: '2025-05-31', Count: 9 },
      { Day: '2025-06-04', Count: 1 },
    ];
    expect(seriesOver(range, rows, (row) => row.Count)).toEqual([0, 5, 0, 1]);
  });

  it('words ProcessType and IsComplete: 0 and anything else', () => {
    expect([0, '0', 1, 2, null, undefined].map(processTypeOf)).toEqual(['emptyOperation', 'emptyOperation', 'process', 'process', null, null]);
    expect([0, '0', 1, 7, ''].map(completionOf)).toEqual(['notCompleted', 'notCompleted', 'completed', 'completed', null]);
  });

  it('pages with PrevPageNums = (page-1)*size', () => {
    expect(pageOffset(1, 10)).toBe(0);
    expect(pageOffset(3, 20)).toBe(40);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
  });
});
