import type { ComponentType } from 'react';
import { vi, type Mock } from 'vitest';
import type { BpmMachine } from '../../../src/domain/devices/binding.machine';
import type { MyMachine } from '../../../src/domain/devices/fleet';
import type { SheetFrame } from '../../../src/domain/telemetry/sheet-protocol';
import type { FeedFailure } from '../../../src/domain/telemetry/tube-live.machine';
import type { MachineInfoAnswer } from '../../../src/domain/devices/machine-info.machine';
import type { DevicesApiPort } from '../../../src/ports/devices-api.port';
import { SheetFeedToken, TubeFeedToken } from '../../../src/ports/tokens';
import { DevicesApiToken } from '../../../src/ports/api-tokens';
import type { SheetFeedListener, SheetFeedPort } from '../../../src/ports/sheet-feed.port';
import type { TubeFeedListener, TubeFeedPort } from '../../../src/ports/tube-feed.port';
import { FleetSection } from '../../../src/ui/devices/fleet-screen';
import SheetDeviceScreen from '../../../src/ui/devices/sheet-device-screen';
import TubeDeviceScreen from '../../../src/ui/devices/tube-device-screen';
import type { Envelope } from '../../../src/contract/envelope';
import { fake, renderRoutes, type Fake } from '../../support/render-routes';

export const ok = <T,>(ReturnData?: T, info = ''): Envelope<T> => ({ code: 200, info, ReturnData });

export const TUBE: MyMachine = { equipmentid: 11, name: 'Tube line T1', communicationstatus: 1, ordernumber: 'T-1001', seriesname: 'T' };
export const SHEET: MyMachine = { equipmentid: 12, name: 'Flatbed G3015', communicationstatus: 0, ordernumber: 'G-2002', seriesname: 'G' };
export const RECORD: BpmMachine = { OrderNumber: 'LC-9001', Name: 'Flatbed 6025', SeriesName: 'G', Model: 'G6025', LaserPower: 12, DeliveryTime: '2025-04-01' };

export type FakeDevicesApi = { [K in keyof DevicesApiPort]: Mock<DevicesApiPort[K]> };

const found = (machine: MyMachine, kind: 'tube' | 'sheet'): MachineInfoAnswer => ({
  kind: 'found',
  info: { equipmentId: String(machine.equipmentid), orderNumber: machine.ordernumber, name: machine.name, series: machine.seriesname, kind, boundByName: 'Demo Owner' },
});

/** A DevicesApiPort whose calls are spies: a two-machine fleet, a machine the portal knows, GetMachineTables for both. */
export function fakeDevicesApi(overrides: Partial<FakeDevicesApi> = {}): FakeDevicesApi {
  return {
    getMyMachines: vi.fn<DevicesApiPort['getMyMachines']>(async () => ({ kind: 'list', machines: [TUBE, SHEET] })),
    bind: vi.fn<DevicesApiPort['bind']>(async () => ({ kind: 'bound' })),
    getBpmMachine: vi.fn<DevicesApiPort['getBpmMachine']>(async () => ({ kind: 'found', record: RECORD })),
    saveMachineData: vi.fn<DevicesApiPort['saveMachineData']>(async () => ({ kind: 'saved' })),
    getMachineTables: vi.fn<DevicesApiPort['getMachineTables']>(async (orderNumber) =>
      orderNumber === TUBE.ordernumber ? found(TUBE, 'tube') : orderNumber === SHEET.ordernumber ? found(SHEET, 'sheet') : { kind: 'not-yours' },
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

const unreachable = async (): Promise<never> => {
  throw new TypeError('Failed to fetch');
};

/** An API whose every call fails as a lost network does. */
export const unreachableDevicesApi = (): DevicesApiPort => ({
  getMyMachines: unreachable,
  bind: unreachable,
  getBpmMachine: unreachable,
  saveMachineData: unreachable,
  getMachineTables: unreachable,
});

/** A tube feed that is not there: every subscription fails at once. */
const unavailableTubeFeed: TubeFeedPort = {
  subscribe: (_orderNumber, listener) => {
    queueMicrotask(() => listener.failed('unavailable', 'no message bus'));
    return () => {};
  },
};

/** A data service that is not there: every socket closes at once. */
const unavailableSheetFeed: SheetFeedPort = {
  open: (listener) => {
    queueMicrotask(() => listener.closed(1006));
    return { query: () => {}, close: () => {} };
  },
};

/** The device pages in a memory router with fake ports (`null`: the API unreachable, the feed unavailable). */
export function renderDevices(
  path: string,
  options: { api?: FakeDevicesApi | null; tube?: FakeTubeFeed | null; sheet?: FakeSheetFeed | null; lang?: 'zh' | 'en'; routes?: typeof DEVICE_ROUTES } = {},
) {
  const api = options.api === undefined ? fakeDevicesApi() : options.api;
  const tube = options.tube === undefined ? new FakeTubeFeed() : options.tube;
  const sheet = options.sheet === undefined ? new FakeSheetFeed() : options.sheet;
  const fakes: Fake<any>[] = [
    fake(DevicesApiToken, api ?? unreachableDevicesApi()),
    fake(TubeFeedToken, tube ?? unavailableTubeFeed),
    fake(SheetFeedToken, sheet ?? unavailableSheetFeed),
  ];
  const view = renderRoutes(path, options.routes ?? DEVICE_ROUTES, { fakes, lang: options.lang });
  return { ...view, api: api!, tube: tube!, sheet: sheet! };
}
