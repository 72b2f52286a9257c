import { shallowEqual, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { tubeLiveMachine } from '../../domain/telemetry/tube-live.machine';
import { useFreshActor } from '../common/use-fresh-actor';
import { useTubeFeed } from './devices-ports';
import { tubeFeedActor } from './feed-actors';
import { selectTubeLive } from './live-device.selectors';
import { LiveDevicePage, useDeviceParams } from './live-device-page';

/** `/deviceInfo/:orderNumber/:type`: a machine on the message bus (communicationstatus 1), live over MQTT. */
export default function TubeDeviceScreen() {
  const { orderNumber, routeKind } = useDeviceParams('tube');
  const feed = useTubeFeed();
  const machine = useMemo(() => tubeLiveMachine.provide({ actors: { feed: tubeFeedActor(feed) } }), [feed]);
  const actor = useFreshActor(machine, { input: { orderNumber } });
  const live = useSelector(actor, selectTubeLive, shallowEqual);
  return <LiveDevicePage table="tube" orderNumber={orderNumber} routeKind={routeKind} live={live} />;
}
