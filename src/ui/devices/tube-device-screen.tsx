import { shallowEqual, useSelector } from '@xstate/react';
import { useFreshActor } from '../common/use-fresh-actor';
import { useDevicesMachines } from './devices-machines';
import { selectTubeLive } from './live-device.selectors';
import { LiveDevicePage, useDeviceParams } from './live-device-page';

/** `/deviceInfo/:orderNumber/:type`: a machine on the message bus (communicationstatus 1), live over MQTT. */
export default function TubeDeviceScreen() {
  const { orderNumber, routeKind } = useDeviceParams('tube');
  const actor = useFreshActor(useDevicesMachines().tubeLive, { input: { orderNumber } });
  const live = useSelector(actor, selectTubeLive, shallowEqual);
  return <LiveDevicePage table="tube" orderNumber={orderNumber} routeKind={routeKind} live={live} />;
}
