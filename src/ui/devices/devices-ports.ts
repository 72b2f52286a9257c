import type { DevicesApiPort } from '../../ports/devices-api.port';
import type { SheetFeedPort } from '../../ports/sheet-feed.port';
import type { TubeFeedPort } from '../../ports/tube-feed.port';
import { useOptionalPort } from '../common/services-context';

declare module '../common/services-context' {
  interface PortMap {
    DevicesApiPort: DevicesApiPort;
    TubeFeedPort: TubeFeedPort;
    SheetFeedPort: SheetFeedPort;
  }
}

const unbound = async (): Promise<never> => {
  throw new Error('DevicesApiPort is not bound');
};

/** The not-bound stand-ins: calls fail and feeds report failure, so the pages show their failed states instead of crashing. */
const UNBOUND_API: DevicesApiPort = {
  getMyMachines: unbound,
  bind: unbound,
  getBpmMachine: unbound,
  saveMachineData: unbound,
  getDeviceSeries: unbound,
  getMachineTables: unbound,
};

const UNBOUND_TUBE_FEED: TubeFeedPort = {
  subscribe: (_orderNumber, listener) => {
    queueMicrotask(() => listener.failed('unavailable', 'TubeFeedPort is not bound'));
    return () => {};
  },
};

const UNBOUND_SHEET_FEED: SheetFeedPort = {
  open: (listener) => {
    queueMicrotask(() => listener.closed(1006));
    return { query: () => {}, close: () => {} };
  },
};

/** The Machine calls, or a stand-in that fails every call when no module binds them. */
export function useDevicesApi(): DevicesApiPort {
  return useOptionalPort('DevicesApiPort') ?? UNBOUND_API;
}

/** The tube machines' message bus feed (or a stand-in that reports it is unavailable). */
export function useTubeFeed(): TubeFeedPort {
  return useOptionalPort('TubeFeedPort') ?? UNBOUND_TUBE_FEED;
}

/** The sheet machines' data service (or a stand-in whose socket always closes). */
export function useSheetFeed(): SheetFeedPort {
  return useOptionalPort('SheetFeedPort') ?? UNBOUND_SHEET_FEED;
}
