import type { SnapshotFrom } from 'xstate';
import type { machineInfoMachine } from '../../domain/devices/machine-info.machine';
import type { MachineKind } from '../../domain/devices/machine-kind';
import { gaugeFraction, GAUGE_MAXIMA, GAUGE_UNITS, gaugesFor, type GaugeKey } from '../../domain/telemetry/gauges';
import type { LiveValues, NumericKey } from '../../domain/telemetry/live-values';
import type { sheetLiveMachine } from '../../domain/telemetry/sheet-live.machine';
import { stateBadge, type StateBadge, type StateTable } from '../../domain/telemetry/state-groups';
import type { tubeLiveMachine } from '../../domain/telemetry/tube-live.machine';
import type { MessageRef } from './binding.selectors';

export type LinkStatus = 'connecting' | 'connected' | 'reconnecting' | 'failed';

/** What either live machine tells the page. */
export interface LivePart {
  live: boolean;
  link: LinkStatus;
  /** Why live data is missing, as a message of devices.messages.ts. */
  problem: MessageRef | null;
  values: LiveValues;
  /** The machine's last message time (data service only). */
  updatedAt: string;
}

export interface MachineInfoPart {
  status: 'loading' | 'ready' | 'notFound' | 'failed';
  name: string;
  series: string;
  equipmentId: string;
  boundByName: string;
  /** The server kind, when it named one. */
  kind: MachineKind | null;
  error: string;
}

export interface GaugeModel {
  key: GaugeKey;
  value: number;
  max: number;
  unit: string;
  fraction: number;
}

export type MonitorKey = Extract<
  NumericKey,
  'CutLength' | 'EmptyLength' | 'PierceCount' | 'PierceTime' | 'CutTime' | 'WorkedTime' | 'FeedRate' | 'Height' | 'PunchingNum' | 'PunchingTime'
>;

/** How the page shows a monitor value. */
export type MonitorFormat = { kind: 'number'; decimals: number; unit: string } | { kind: 'duration' };

export const MONITOR_FORMATS: Record<MonitorKey, MonitorFormat> = {
  CutLength: { kind: 'number', decimals: 2, unit: 'm' },
  EmptyLength: { kind: 'number', decimals: 2, unit: 'm' },
  PierceCount: { kind: 'number', decimals: 0, unit: '' },
  PierceTime: { kind: 'duration' },
  CutTime: { kind: 'duration' },
  WorkedTime: { kind: 'duration' },
  FeedRate: { kind: 'number', decimals: 0, unit: '%' },
  Height: { kind: 'number', decimals: 2, unit: 'mm' },
  PunchingNum: { kind: 'number', decimals: 0, unit: '' },
  PunchingTime: { kind: 'duration' },
};

const MONITOR_KEYS: Record<MachineKind, readonly MonitorKey[]> = {
  tube: ['CutLength', 'EmptyLength', 'PierceCount', 'PierceTime', 'CutTime', 'WorkedTime', 'FeedRate', 'Height'],
  sheet: ['CutLength', 'EmptyLength', 'PierceCount', 'PierceTime', 'CutTime', 'WorkedTime', 'FeedRate', 'Height', 'PunchingNum', 'PunchingTime'],
};

/** The whole live page. */
export interface LiveDeviceViewModel {
  table: StateTable;
  kind: MachineKind;
  orderNumber: string;
  info: MachineInfoPart;
  live: boolean;
  link: LinkStatus;
  problem: MessageRef | null;
  badge: StateBadge;
  stateCode: number;
  updatedAt: string;
  task: {
    name: string;
    file: string;
    progress: number;
    start: string;
    end: string;
    completed: number;
    planned: number;
    running: boolean;
  };
  monitor: Array<{ key: MonitorKey; value: number; format: MonitorFormat }>;
  alarm: { type: string; content: string } | null;
  axes: { X: number; Y: number; Z: number; W: number };
  gauges: GaugeModel[];
}

export function selectTubeLive(snapshot: SnapshotFrom<typeof tubeLiveMachine>): LivePart {
  const { values, error } = snapshot.context;
  const link: LinkStatus = snapshot.matches({ link: 'connected' })
    ? 'connected'
    : snapshot.matches({ link: 'reconnecting' })
      ? 'reconnecting'
      : snapshot.matches({ link: 'failed' })
        ? 'failed'
        : 'connecting';
  return {
    live: snapshot.hasTag('live'),
    link,
    problem: error ? { id: `devices.live.error.${error.reason}`, values: { detail: error.detail } } : null,
    values,
    updatedAt: '',
  };
}

export function selectSheetLive(snapshot: SnapshotFrom<typeof sheetLiveMachine>): LivePart {
  const { values, refusal, closeCode, at } = snapshot.context;
  const link: LinkStatus = snapshot.matches({ link: 'retrying' })
    ? 'reconnecting'
    : snapshot.matches({ link: { session: 'open' } })
      ? 'connected'
      : 'connecting';
  let problem: MessageRef | null = null;
  if (refusal?.kind === 'not-yours') problem = { id: 'devices.live.error.notYours' };
  else if (refusal?.kind === 'auth') problem = { id: 'devices.live.error.auth' };
  else if (refusal) problem = { id: 'devices.live.error.refused', values: { info: refusal.message } };
  else if (closeCode !== null) problem = { id: 'devices.live.error.closed', values: { code: closeCode } };
  return { live: snapshot.hasTag('live'), link, problem, values, updatedAt: at };
}

export function selectMachineInfo(snapshot: SnapshotFrom<typeof machineInfoMachine>): MachineInfoPart {
  const { info, error } = snapshot.context;
  const status = snapshot.matches('ready') ? 'ready' : snapshot.matches('notFound') ? 'notFound' : snapshot.matches('failed') ? 'failed' : 'loading';
  return {
    status,
    name: info?.name ?? '',
    series: info?.series ?? '',
    equipmentId: info?.equipmentId ?? '',
    boundByName: info?.boundByName ?? '',
    kind: info?.kind ?? null,
    error,
  };
}

/** An alarm when the machine reports one: a content, or a type other than none ('' or 0). */
function alarmOf(values: LiveValues): LiveDeviceViewModel['alarm'] {
  const type = values.ErrorType.trim();
  const content = values.ErrorContent.trim();
  if (!content && (type === '' || type === '0')) return null;
  return { type: type === '0' ? '' : type, content };
}

/**
 * The live page's view model. `table` is the page's state table (deviceInfo reads tube codes,
 * deviceInfoWs sheet codes); `kind` picks the pictures and gauges (the server's kind, else the route's type).
 */
export function buildLiveDeviceView(
  part: LivePart,
  info: MachineInfoPart,
  options: { table: StateTable; routeKind: MachineKind; orderNumber: string },
): LiveDeviceViewModel {
  const kind = info.kind ?? options.routeKind;
  const v = part.values;
  return {
    table: options.table,
    kind,
    orderNumber: options.orderNumber,
    info,
    live: part.live,
    link: part.link,
    problem: part.problem,
    badge: stateBadge(options.table, v.State, part.live),
    stateCode: v.State,
    updatedAt: part.updatedAt,
    task: {
      name: v.TaskName,
      file: v.TaskFile,
      progress: v.Progress,
      start: v.StartTime,
      end: v.EndTime,
      completed: v.CompletedCount,
      planned: v.PartCount,
      running: part.live && (v.TaskName !== '' || v.TaskFile !== '' || v.Progress > 0),
    },
    monitor: MONITOR_KEYS[kind].map((key) => ({ key, value: v[key], format: MONITOR_FORMATS[key] })),
    alarm: part.live ? alarmOf(v) : null,
    axes: { X: v.X, Y: v.Y, Z: v.Z, W: v.W },
    gauges: gaugesFor(kind).map((key) => ({
      key,
      value: v[key],
      max: GAUGE_MAXIMA[key],
      unit: GAUGE_UNITS[key],
      fraction: gaugeFraction(v[key], GAUGE_MAXIMA[key]),
    })),
  };
}
