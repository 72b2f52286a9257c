import { shallowEqual, useSelector } from '@xstate/react';
import { useFreshActor } from '../common/use-fresh-actor';
import { useDevicesMachines } from './devices-machines';
import { selectSheetLive } from './live-device.selectors';
import { LiveDevicePage, useDeviceParams } from './live-device-page';

/** `/deviceInfoWs/:orderNumber/:type`: a machine read through the websocket data service, queried every 2 s. */
export default function SheetDeviceScreen() {
  const { orderNumber, routeKind } = useDeviceParams('sheet');
  const actor = useFreshActor(useDevicesMachines().sheetLive, { input: { orderNumber } });
  const live = useSelector(actor, selectSheetLive, shallowEqual);
  return <LiveDevicePage table="sheet" orderNumber={orderNumber} routeKind={routeKind} live={live} />;
}
