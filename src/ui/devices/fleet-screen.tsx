import { shallowEqual, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { readFleetFilter } from '../../domain/devices/fleet';
import { fleetMachine } from '../../domain/devices/fleet.machine';
import { useOptionalPort } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { BindDialog } from './bind-dialog';
import { useDevicesApi } from './devices-ports';
import { selectFleetView } from './fleet.selectors';
import { FleetView } from './fleet-view';

/** `/index/device`: the caller's machines by kind, the add tile and the bind dialog; the chip is stored under `series`. */
export function FleetSection() {
  const api = useDevicesApi();
  const storage = useOptionalPort('KeyValueStoragePort');
  const [binding, setBinding] = useState(false);
  const machine = useMemo(
    () =>
      fleetMachine.provide({
        actors: { loadFleet: fromPromise(({ signal }) => api.getMyMachines(signal)) },
        actions: { persistFilter: (_, params) => storage?.set('series', params.filter) },
      }),
    [api, storage],
  );
  const actor = useFreshActor(machine, { input: { filter: readFleetFilter(storage?.get('series')) } });
  const model = useSelector(actor, selectFleetView, shallowEqual);

  return (
    <>
      <FleetView
        model={model}
        onFilter={(filter) => actor.send({ type: 'filter.set', filter })}
        onAdd={() => setBinding(true)}
        onRetry={() => actor.send({ type: 'fleet.reload' })}
      />
      <BindDialog open={binding} onClose={() => setBinding(false)} onBound={() => actor.send({ type: 'fleet.reload' })} />
    </>
  );
}
