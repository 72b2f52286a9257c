import { useMemo } from 'react';
import { useParams } from 'react-router';
import { parseMachineKind } from '../../domain/devices/machine-kind';
import type { StateTable } from '../../domain/telemetry/state-groups';
import { DevicePageFrame } from './device-page-frame';
import { buildLiveDeviceView, type LivePart } from './live-device.selectors';
import { LiveDeviceView } from './live-device-view';
import { useMachineInfo } from './use-machine-info';

/** The route params of deviceInfo and deviceInfoWs. */
export function useDeviceParams(table: StateTable): { orderNumber: string; routeKind: 'sheet' | 'tube' } {
  const params = useParams();
  // A type other than tube or sheet falls back to the kind the page's transport serves.
  return { orderNumber: params.orderNumber ?? '', routeKind: parseMachineKind(params.type) ?? table };
}

export interface LiveDevicePageProps {
  table: StateTable;
  orderNumber: string;
  routeKind: 'sheet' | 'tube';
  live: LivePart;
}

/** What both detail pages share: the machine facts, the frame and the view. */
export function LiveDevicePage({ table, orderNumber, routeKind, live }: LiveDevicePageProps) {
  const [info, reloadInfo] = useMachineInfo(orderNumber);
  const model = useMemo(() => buildLiveDeviceView(live, info, { table, routeKind, orderNumber }), [live, info, table, routeKind, orderNumber]);
  return (
    <DevicePageFrame>
      <LiveDeviceView model={model} onRetryInfo={reloadInfo} />
    </DevicePageFrame>
  );
}
