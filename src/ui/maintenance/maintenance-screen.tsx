import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { RECORDS_PAGE_SIZE } from '../../domain/maintenance/maintenance-drawer.machine';
import { ITEMS_PAGE_SIZE } from '../../domain/maintenance/maintenance-page.machine';
import { useFreshActor } from '../common/use-fresh-actor';
import { useMaintenanceMachines } from './maintenance-machines';
import { ItemsTable, MachinePicker, MaintenanceDrawerView, MaintenancePageView, PlansTable, type MachineOption } from './maintenance-view';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the datetime-local input's value, in the browser's time. */
export const inputValueOf = (at: Date | null) =>
  at ? `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}` : '';

/** `/index/maintenance` (spec 3): the machine picker, its items and plans, and the Maintain drawer. */
export function MaintenanceSection() {
  const machines = useMaintenanceMachines();
  const fleetActor = useFreshActor(machines.fleet, { input: { filter: 'all' } });
  const fleet = useSelector(fleetActor, (s) => s.context);
  const fleetLoading = useSelector(fleetActor, (s) => !s.context.loaded && !s.context.error);
  const pageActor = useFreshActor(machines.page);
  const page = useSelector(pageActor, (s) => s.context);
  const pageBusy = useSelector(pageActor, (s) => s.hasTag('busy'));
  const drawerActor = useFreshActor(machines.drawer);
  const drawer = useSelector(drawerActor, (s) => s.context);
  const drawerOpen = useSelector(drawerActor, (s) => !s.matches('closed'));
  const drawerLoading = useSelector(drawerActor, (s) => s.hasTag('busy'));
  const confirming = useSelector(drawerActor, (s) => s.matches({ open: 'confirming' }));
  const [now, setNow] = useState(() => new Date());

  const options: MachineOption[] = useMemo(
    () => fleet.machines.map((m) => ({ id: Number(m.equipmentid), orderNumber: m.ordernumber, name: m.name, series: m.seriesname })).filter((m) => Number.isInteger(m.id) && m.id > 0),
    [fleet.machines],
  );
  const selected = options.find((o) => o.id === page.machine?.id) ?? null;

  // The first machine is chosen when the list arrives.
  useEffect(() => {
    if (!page.machine && options[0]) pageActor.send({ type: 'machine.set', machine: { id: options[0].id, series: options[0].series, orderNumber: options[0].orderNumber } });
  }, [options, page.machine, pageActor]);

  // A confirmation reloads the plan list too (spec 3 section 4).
  const confirmedSeen = useRef(0);
  useEffect(() => {
    if (drawer.confirmed > confirmedSeen.current) {
      confirmedSeen.current = drawer.confirmed;
      pageActor.send({ type: 'plans.reload' });
    }
  }, [drawer.confirmed, pageActor]);

  // The picker's upper limit follows the clock while the drawer is open.
  useEffect(() => {
    if (!drawerOpen) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, [drawerOpen]);

  const planned = useMemo(() => new Set(page.plans.map((p) => p.itemId)), [page.plans]);

  return (
    <MaintenancePageView notice={page.notice} error={page.error}>
      <MachinePicker
        options={options}
        selected={selected?.id ?? null}
        loading={fleetLoading}
        onPick={(id) => {
          const m = options.find((o) => o.id === id);
          if (m) pageActor.send({ type: 'machine.set', machine: { id: m.id, series: m.series, orderNumber: m.orderNumber } });
        }}
      />
      {selected && (
        <>
          <ItemsTable
            series={selected.series}
            items={page.items}
            plannedItemIds={planned}
            selected={page.selected}
            page={page.page}
            total={page.itemsTotal}
            size={ITEMS_PAGE_SIZE}
            busy={pageBusy}
            onSelect={(ids) => pageActor.send({ type: 'selection.set', ids })}
            onPage={(n) => pageActor.send({ type: 'items.page', page: n })}
            onAdd={() => pageActor.send({ type: 'plans.add' })}
          />
          <PlansTable
            plans={page.plans}
            busy={pageBusy}
            onMaintain={(planId) => drawerActor.send({ type: 'drawer.open', planId })}
            onRemove={(planId) => pageActor.send({ type: 'plan.remove', planId })}
          />
        </>
      )}
      <MaintenanceDrawerView
        open={drawerOpen}
        loading={drawerLoading}
        plan={drawer.plan}
        records={drawer.records}
        recordsPage={drawer.page}
        recordsTotal={drawer.recordsTotal}
        recordsSize={RECORDS_PAGE_SIZE}
        timeValue={inputValueOf(drawer.time)}
        timeMax={inputValueOf(now)}
        timeProblem={drawer.timeProblem}
        error={drawer.error}
        confirming={confirming}
        onClose={() => drawerActor.send({ type: 'drawer.close' })}
        onPickTime={(value) => {
          const at = value ? new Date(value) : null;
          drawerActor.send({ type: 'time.pick', at: at && !Number.isNaN(at.getTime()) ? at : null, now: new Date() });
        }}
        onConfirm={() => drawerActor.send({ type: 'confirm.submit', now: new Date() })}
        onRecordsPage={(n) => drawerActor.send({ type: 'records.page', page: n })}
      />
    </MaintenancePageView>
  );
}
