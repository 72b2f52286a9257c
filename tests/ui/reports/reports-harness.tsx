import { vi, type Mock } from 'vitest';
import { useEffect, useImperativeHandle, useRef } from 'react';
import type { MyMachine } from '../../../src/domain/devices/fleet';
import { defaultRange, localDay, type DayRange } from '../../../src/domain/reports/day-range';
import type { ExportAnswer } from '../../../src/domain/reports/csv-export.machine';
import type { PageQuery } from '../../../src/domain/reports/paged-table.machine';
import type { AlarmStatsAnswer, PageAnswer, TaskStatsAnswer, TaskTotals } from '../../../src/domain/reports/report-rows';
import type { RangeQuery } from '../../../src/domain/reports/statistics.machine';
import type { ReportsApiPort } from '../../../src/ports/reports-api.port';
import type { LineCanvasProps, LineChartSpec } from '../../../src/ui/reports/chart-engine';
import { TaskSection } from '../../../src/ui/reports/task-screen';
import { DevicesApiToken, ReportsApiToken } from '../../../src/ports/api-tokens';
import { fake, renderRoutes } from '../../support/render-routes';
import { fakeDevicesApi, type FakeDevicesApi } from '../devices/devices-harness';

export type FakeReportsApi = { [K in keyof ReportsApiPort]: Mock<ReportsApiPort[K]> };

const NO_TOTALS: TaskTotals = { TaskCount: 0, CuttingLength: 0, ProcessingTime: 0, PierceCount: 0, RunHours: 0, IdleHours: 0, OfflineHours: 0, Utilisation: null };

/** What the adapter reads from the no-data answer of each kind of call. */
export const EMPTY = {
  page: { kind: 'page', rows: [], total: 0 } as PageAnswer,
  tasks: { kind: 'stats', days: [], totals: NO_TOTALS } as TaskStatsAnswer,
  alarms: { kind: 'stats', days: [], latest: [], count: 0 } as AlarmStatsAnswer,
};

/** The range the page opens with: the last 7 days of the test machine's clock. */
export const openingRange = (): DayRange => defaultRange(localDay(new Date()));

/** Sheet report rows numbered from `offset`, 57 in all. */
export function sheetReport(query: PageQuery, total = 57): PageAnswer {
  const count = Math.max(0, Math.min(query.size, total - query.offset));
  return {
    kind: 'page',
    rows: Array.from({ length: count }, (_, i) => ({
      Id: query.offset + i + 1,
      TaskName: `${query.orderNumber} task ${query.offset + i + 1}`,
      CuttingLength: 12.345,
      PunchingNum: 40,
      ProcessingTime: 3_725,
      EmptyLength: 3.5,
      StartTime: '2025-06-01T08:00:00+08:00',
      EndTime: '2025-06-01T09:02:05+08:00',
      FileUrl: '/files/abc123/bracket%20A.dxf',
    })),
    total,
  };
}

export function tubeReport(query: PageQuery): PageAnswer {
  return {
    kind: 'page',
    rows: [
      { Id: 1, TaskName: 'chassis-80x80.bnt', SlicingLength: 8.2, SlicingDuration: 65, PierceCount: 12, PierceDuration: 4, TotalDuration: 90, IdleLength: 1.5, PartCount: 6, Thickness: 2, UseTubeCount: 1, StartTime: '2025-06-02T10:00:00+08:00', EndTime: '2025-06-02T10:01:30+08:00', ProcessType: 1, IsComplete: 1 },
      { Id: 2, SlicingLength: 0, SlicingDuration: 0, PierceCount: 0, PierceDuration: 0, TotalDuration: 30, IdleLength: 4, PartCount: 0, Thickness: 2, UseTubeCount: 0, StartTime: '2025-06-02T11:00:00+08:00', EndTime: '2025-06-02T11:00:30+08:00', ProcessType: 0, IsComplete: 0 },
    ].slice(0, query.size),
    total: 2,
  };
}

export function runTimes(query: PageQuery): PageAnswer {
  const tube = query.kind === 'tube';
  return {
    kind: 'page',
    rows: [{ Id: 9, Run: 6.5, Idle: 1.25, Offline: 16.25, CreateTime: '2025-06-03', ...(tube ? { Estop: 0.5 } : {}) }],
    total: 1,
  };
}

/** GetMachineTasks: 2 tasks on the first day and 5 on the last of the range, with totals. */
export function taskStats(query: RangeQuery): TaskStatsAnswer {
  return {
    kind: 'stats',
    days: [
      { Day: query.range.start, TaskCount: 2, CuttingLength: 10, ProcessingTime: 1_200, PierceCount: 30 },
      { Day: query.range.end, TaskCount: 5, CuttingLength: 30.5, ProcessingTime: 2_400, PierceCount: 70 },
    ],
    totals: { TaskCount: 7, CuttingLength: 40.5, ProcessingTime: 3_600, PierceCount: 100, RunHours: 30, IdleHours: 10, OfflineHours: 0, Utilisation: 0.75 },
  };
}

export function alarmStats(query: RangeQuery): AlarmStatsAnswer {
  return {
    kind: 'stats',
    days: [{ Day: query.range.end, Count: 3 }],
    latest: [
      { ErrorDate: `${query.range.end}T09:30:00+08:00`, ErrorType: 'Gas', ErrorContent: 'E410 Assist gas pressure low' },
      { ErrorDate: `${query.range.end}T08:10:00+08:00`, ErrorType: 'Collision', ErrorContent: 'E203 Nozzle collision detected, head lifted' },
    ],
    count: 3,
  };
}

/** A ReportsApiPort whose calls are spies answering the data above. */
export function fakeReportsApi(overrides: Partial<FakeReportsApi> = {}): FakeReportsApi {
  return {
    getReport: vi.fn<ReportsApiPort['getReport']>(async (query) => (query.kind === 'tube' ? tubeReport(query) : sheetReport(query))),
    getRunTimes: vi.fn<ReportsApiPort['getRunTimes']>(async (query) => runTimes(query)),
    getTaskStats: vi.fn<ReportsApiPort['getTaskStats']>(async (query) => taskStats(query)),
    getAlarmStats: vi.fn<ReportsApiPort['getAlarmStats']>(async (query) => alarmStats(query)),
    exportCsv: vi.fn<ReportsApiPort['exportCsv']>(async (query): Promise<ExportAnswer> => ({
      kind: 'file',
      blob: new Blob(['\uFEFFa,b\n']),
      fileName: `${query.orderNumber}-${query.table}.csv`,
    })),
    ...overrides,
  };
}

/** What the fake chart engine was asked to draw, and the pictures asked of it. */
export const charts = {
  drawn: [] as Array<{ spec: LineChartSpec; updates: LineChartSpec[]; pngTitles: string[]; destroyed: boolean }>,
  reset() {
    this.drawn.length = 0;
  },
};

/** Stands in for chart-engine.ts (chart.js does not draw in jsdom): `vi.mock(..., () => fakeChartEngine)`. */
export const fakeChartEngine = {
  LineCanvas: function FakeLineCanvas({ spec, handle }: LineCanvasProps) {
    // One record per drawn chart: its first spec, the later ones, the PNGs asked of it, its end.
    const chart = useRef<(typeof charts.drawn)[number] | null>(null);
    if (!chart.current) {
      chart.current = { spec, updates: [], pngTitles: [], destroyed: false };
      charts.drawn.push(chart.current);
    }
    const first = useRef(true);
    useEffect(() => {
      if (first.current) first.current = false;
      else chart.current!.updates.push(spec);
    }, [spec]);
    useEffect(() => () => void (chart.current!.destroyed = true), []);
    useImperativeHandle(handle, () => ({
      toPng: async (title: string) => {
        chart.current!.pngTitles.push(title);
        return new Blob(['png'], { type: 'image/png' });
      },
    }));
    return <canvas role="img" />;
  },
};

/** Files handed to the browser's downloads (URL.createObjectURL and a link click). */
export function captureDownloads() {
  const saved: Array<{ fileName: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${next++}`;
    blobs.set(url, blob);
    return url;
  }) as typeof URL.createObjectURL;
  URL.revokeObjectURL = vi.fn() as typeof URL.revokeObjectURL;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ fileName: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}

/** The task page in a memory router with fake Machine calls. */
export function renderTask(
  path = '/index/task',
  options: { devices?: FakeDevicesApi; reports?: FakeReportsApi; lang?: 'zh' | 'en'; machines?: MyMachine[] } = {},
) {
  const devices =
    options.devices ?? fakeDevicesApi(options.machines ? { getMyMachines: vi.fn(async () => ({ kind: 'list', machines: options.machines! }) as const) } : {});
  const reports = options.reports ?? fakeReportsApi();
  const view = renderRoutes(path, [{ path: '/index/task', Component: TaskSection }], {
    fakes: [fake(DevicesApiToken, devices), fake(ReportsApiToken, reports)],
    lang: options.lang,
  });
  return { ...view, devices, reports };
}
