import type { SnapshotFrom } from 'xstate';
import { filterFleet, fleetCounts, liveRouteOf, type FleetFilter } from '../../domain/devices/fleet';
import type { fleetMachine } from '../../domain/devices/fleet.machine';
import { machineKindOf, type MachineKind } from '../../domain/devices/machine-kind';
import { paths } from '../shell/paths';

/** One machine tile: what it shows and where it leads. */
export interface FleetTile {
  orderNumber: string;
  name: string;
  series: string;
  kind: MachineKind;
  /** deviceInfo (message bus) or deviceInfoWs (data service), with the kind as type. */
  to: string;
}

/** What the fleet page shows. */
export interface FleetViewModel {
  /** loading before the first list, failed when no list ever came, ready once one did. */
  status: 'loading' | 'ready' | 'failed';
  filter: FleetFilter;
  counts: Record<FleetFilter, number>;
  tiles: FleetTile[];
  /** The last load failed (with the server's info, '' when the call itself failed). */
  failed: boolean;
  error: string;
  reloading: boolean;
}

/** The fleet machine's snapshot as a view model. */
export function selectFleetView(snapshot: SnapshotFrom<typeof fleetMachine>): FleetViewModel {
  const { machines, filter, error, loaded } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return {
    status: loaded ? 'ready' : busy ? 'loading' : 'failed',
    filter,
    counts: fleetCounts(machines),
    tiles: filterFleet(machines, filter).map((machine) => ({
      orderNumber: machine.ordernumber,
      name: machine.name,
      series: machine.seriesname,
      kind: machineKindOf(machine.seriesname),
      to: paths.livePage(liveRouteOf(machine)),
    })),
    failed: snapshot.matches('failed'),
    error,
    reloading: busy && loaded,
  };
}
