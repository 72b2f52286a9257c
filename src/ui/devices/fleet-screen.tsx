import { shallowEqual, useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { readFleetFilter } from '../../domain/devices/fleet';
import { KeyValueStorageToken } from '../../ports/tokens';
import { useService } from '../common/services-context';
import { useDeferredView } from '../common/use-deferred-view';
import { useFreshActor } from '../common/use-fresh-actor';
import { BindDialog } from './bind-dialog';
import { useDevicesMachines } from './devices-machines';
import { selectFleetView } from './fleet.selectors';
import { FleetView } from './fleet-view';
import { useMaintenanceDue } from '../common/maintenance-due';
import { FirstScreenPart } from '../common/first-screen-part';
import { FIRST_SCREEN_PART } from '../common/first-screen-markup';

// The sheet's dialog, with the QR and PDF encoders, loads when it opens.
const LabelSheetDialog = lazy(async () => ({ default: (await import('./label-sheet-dialog')).LabelSheetDialog }));

/** `/index/device`: the caller's machines by kind, the add tile and the bind dialog; the chip is stored under `series`. */
export function FleetSection() {
  const storage = useService(KeyValueStorageToken);
  const [binding, setBinding] = useState(false);
  const [printing, setPrinting] = useState(false);
  const actor = useFreshActor(useDevicesMachines().fleet, { input: { filter: readFleetFilter(storage.get('series')) } });
  const model = useSelector(actor, selectFleetView, shallowEqual);
  // Due/overdue maintenance badges (issue 17), through the maintenance port.
  const { due, loaded: dueLoaded } = useMaintenanceDue();
  // The fleet arrives: its tiles render as a transition (ADR 0024), and take over from the copy
  // the server painted with them, if any (ADR 0026).
  const fleet = useDeferredView([model, due, dueLoaded] as const, (shownModel, shownDue, shownDueLoaded) => (
    <>
      <FleetView
        due={shownDue}
        model={shownModel}
        onFilter={(filter) => actor.send({ type: 'filter.set', filter })}
        onAdd={() => setBinding(true)}
        onPrintLabels={() => setPrinting(true)}
        onRetry={() => actor.send({ type: 'fleet.reload' })}
      />
      <FirstScreenPart part={FIRST_SCREEN_PART.fleet} settled={shownModel.status !== 'loading' && shownDueLoaded} />
    </>
  ), [actor]);

  return (
    <>
      {fleet}
      {printing && (
        <Suspense fallback={null}>
          <LabelSheetDialog onClose={() => setPrinting(false)} />
        </Suspense>
      )}
      <BindDialog open={binding} onClose={() => setBinding(false)} onBound={() => actor.send({ type: 'fleet.reload' })} />
    </>
  );
}
