import { shallowEqual, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { sheetLiveMachine } from '../../domain/telemetry/sheet-live.machine';
import { useFreshActor } from '../common/use-fresh-actor';
import { useSheetFeed } from './devices-ports';
import { sheetSocketActor } from './feed-actors';
import { selectSheetLive } from './live-device.selectors';
import { LiveDevicePage, useDeviceParams } from './live-device-page';

/** `/deviceInfoWs/:orderNumber/:type`: a machine read through the websocket data service, queried every 2 s. */
export default function SheetDeviceScreen() {
  const { orderNumber, routeKind } = useDeviceParams('sheet');
  const feed = useSheetFeed();
  const machine = useMemo(() => sheetLiveMachine.provide({ actors: { socket: sheetSocketActor(feed) } }), [feed]);
  const actor = useFreshActor(machine, { input: { orderNumber } });
  const live = useSelector(actor, selectSheetLive, shallowEqual);
  return <LiveDevicePage table="sheet" orderNumber={orderNumber} routeKind={routeKind} live={live} />;
}
