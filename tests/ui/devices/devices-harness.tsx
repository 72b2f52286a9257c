import type { ComponentType } from 'react';
import { vi, type Mock } from 'vitest';
import type { BpmMachine } from '../../../src/domain/devices/binding.machine';
import type { MyMachine } from '../../../src/domain/devices/fleet';
import type { MachineTable } from '../../../src/domain/devices/machine-info.machine';
import type { SheetFrame } from '../../../src/domain/telemetry/sheet-protocol';
import type { FeedFailure } from '../../../src/domain/telemetry/tube-live.machine';
import type { Envelope } from '../../../src/domain/shared/envelope';
import type { DevicesApiPort } from '../../../src/ports/devices-api.port';
import type { SheetFeedListener, SheetFeedPort } from '../../../src/ports/sheet-feed.port';
import type { TubeFeedListener, TubeFeedPort } from '../../../src/ports/tube-feed.port';
import type { PortMap } from '../../../src/ui/common/services-context';
import '../../../src/ui/devices/devices-ports';
import { FleetSection } from '../../../src/ui/devices/fleet-screen';
import SheetDeviceScreen from '../../../src/ui/devices/sheet-device-screen';
import TubeDeviceScreen from '../../../src/ui/devices/tube-device-screen';
import { renderRoutes } from '../../support/render-routes';

export const ok = <T,>(ReturnData?: T, info = ''): Envelope<T> => ({ code: 200, info, ReturnData });

export const TUBE: MyMachine = { equipmentid: 11, name: 'Tube line T1', communicationstatus: 1, ordernumber: 'T-1001', seriesname: 'T' };
export const SHEET: MyMachine = { equipmentid: 12, name: 'Flatbed G3015', communicationstatus: 0, ordernumber: 'G-2002', seriesname: 'G' };
export const RECORD: BpmMachine = { OrderNumber: 'LC-9001', Name: 'Flatbed 6025', SeriesName: 'G', Model: 'G6025', LaserPower: 12, DeliveryTime: '2025-04-01' };

export type FakeDevicesApi = { [K in keyof DevicesApiPort]: Mock<DevicesApiPort[K]> };

const tableOf = (machine: MyMachine, kind: 'tube' | 'sheet'): MachineTable => ({
  EquipmentId: machine.equipmentid,
  OrderNumber: machine.ordernumber,
  Name: machine.name,
  SeriesName: machine.seriesname,
  Kind: kind,
});

/** A DevicesApiPort whose calls are spies: a two-machine fleet, a machine the portal knows, GetMachineTables for both. */
export function fakeDevicesApi(overrides: Partial<FakeDevicesApi> = {}): FakeDevicesApi {
  return {
    getMyMachines: vi.fn<DevicesApiPort['getMyMachines']>(async () => ok<MyMachine[] | string>([TUBE, SHEET])),
    bind: vi.fn<DevicesApiPort['bind']>(async () => ok(null, '绑定成功')),
    getBpmMachine: vi.fn<DevicesApiPort['getBpmMachine']>(async () => ok<BpmMachine | null>(RECORD, '查询成功')),
    saveMachineData: vi.fn<DevicesApiPort['saveMachineData']>(async () => ok(null, '保存成功')),
    getDeviceSeries: vi.fn<DevicesApiPort['getDeviceSeries']>(async () => ok([])),
    getMachineTables: vi.fn<DevicesApiPort['getMachineTables']>(async (orderNumber) =>
      orderNumber === TUBE.ordernumber
        ? ok([tableOf(TUBE, 'tube')])
        : orderNumber === SHEET.ordernumber
          ? ok([tableOf(SHEET, 'sheet')])
          : { code: 404, info: '未查询到数据' },
    ),
    ...overrides,
  };
}

/** A tube feed the test drives: it remembers each subscription's listener. */
export class FakeTubeFeed implements TubeFeedPort {
  readonly subscriptions: Array<{ orderNumber: string; listener: TubeFeedListener; ended: boolean }> = [];

  subscribe(orderNumber: string, listener: TubeFeedListener): () => void {
    const subscription = { orderNumber, listener, ended: false };
    this.subscriptions.push(subscription);
    return () => void (subscription.ended = true);
  }

  private get current() {
    const subscription = this.subscriptions.at(-1);
    if (!subscription) throw new Error('nobody subscribed');
    return subscription;
  }

  connect() {
    this.current.listener.connected();
  }

  send(values: Record<string, unknown>) {
    this.current.listener.message(JSON.stringify(Object.entries(values).map(([KEY, VALUE]) => ({ KEY, VALUE }))));
  }

  fail(reason: FeedFailure, detail: string) {
    this.current.listener.failed(reason, detail);
  }
}

/** A data service the test drives: each socket remembers its listener and the queries it was sent. */
export class FakeSheetFeed implements SheetFeedPort {
  readonly sockets: Array<{ listener: SheetFeedListener; queries: Array<{ id: number; orderNumber: string; keys: readonly string[] }>; closed: boolean }> = [];

  open(listener: SheetFeedListener) {
    const socket = { listener, queries: [] as Array<{ id: number; orderNumber: string; keys: readonly string[] }>, closed: false };
    this.sockets.push(socket);
    return {
      query: (id: number, orderNumber: string, keys: readonly string[]) => void socket.queries.push({ id, orderNumber, keys }),
      close: () => void (socket.closed = true),
    };
  }

  get current() {
    const socket = this.sockets.at(-1);
    if (!socket) throw new Error('no socket opened');
    return socket;
  }

  frame(frame: SheetFrame) {
    this.current.listener.frame(frame);
  }

  close(code: number) {
    this.current.listener.closed(code);
  }
}

export const DEVICE_ROUTES: Array<{ path: string; Component: ComponentType }> = [
  { path: '/index/device', Component: FleetSection },
  { path: '/deviceInfo/:orderNumber/:type', Component: TubeDeviceScreen },
  { path: '/deviceInfoWs/:orderNumber/:type', Component: SheetDeviceScreen },
];

/** The device pages in a memory router with fake ports (leave a port out with `null`). */
export function renderDevices(
  path: string,
  options: { api?: FakeDevicesApi | null; tube?: FakeTubeFeed | null; sheet?: FakeSheetFeed | null; lang?: 'zh' | 'en'; routes?: typeof DEVICE_ROUTES } = {},
) {
  const api = options.api === undefined ? fakeDevicesApi() : options.api;
  const tube = options.tube === undefined ? new FakeTubeFeed() : options.tube;
  const sheet = options.sheet === undefined ? new FakeSheetFeed() : options.sheet;
  const ports: Partial<PortMap> = {};
  if (api) ports.DevicesApiPort = api;
  if (tube) ports.TubeFeedPort = tube;
  if (sheet) ports.SheetFeedPort = sheet;
  const view = renderRoutes(path, options.routes ?? DEVICE_ROUTES, { ports, lang: options.lang });
  return { ...view, api: api!, tube: tube!, sheet: sheet! };
}
