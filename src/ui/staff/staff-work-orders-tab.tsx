import { Badge, Button, Field, NativeSelect, Text, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { StaffWorkOrder, WorkOrderFilter } from '../../domain/staff/staff-records';
import { NotifierToken } from '../../ports/tokens';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { LoadFailed, StaffCard, StaffFormDialog, StaffOnlyNote, StaffPager, StaffSearch } from './staff-parts';
import { StaffTable } from './staff-table';
import { useStaffMachines } from './staff-machines';
import { StaffOrderConversation } from './staff-order-conversation';

const PAGE = 20;
const ALL: WorkOrderFilter = { step: null, search: '' };
const STEP_COLOURS = ['orange', 'blue', 'green'] as const;

/** `/staff/work-orders`: every customer's work orders by step; move one a step with a note (the customer is mailed). */
export default function WorkOrdersTab() {
  const t = useT();
  const { workOrders, moveDialog } = useStaffMachines();
  const notifier = useService(NotifierToken);
  const list = useFreshActor(workOrders, { input: { filter: ALL, size: PAGE } });
  const dialog = useFreshActor(moveDialog);
  const snapshot = useSelector(list, (s) => s);
  const saved = useSelector(dialog, (s) => s.context.saved);
  const move = useSelector(dialog, (s) => ({ open: !s.matches('closed'), busy: s.hasTag('busy'), ...s.context }));
  const [filter, setFilter] = useState<WorkOrderFilter>(ALL);
  // The order whose conversation is open (the drawer's own machine loads it).
  const [talking, setTalking] = useState<string | null>(null);
  useEffect(() => {
    if (saved === 0) return;
    notifier.success(t('staff.workOrders.moved'));
    list.send({ type: 'reload' });
  }, [saved]); // eslint-disable-line react-hooks/exhaustive-deps
  if (snapshot.matches('forbidden')) return <StaffOnlyNote />;
  const { rows, total, page } = snapshot.context;
  const stepText = (step: number) => t(`staff.workOrders.step${step}`);
  const open = (o: StaffWorkOrder) => o.step < 2 && dialog.send({ type: 'open', mode: 'move', draft: { eventNum: o.eventNum, to: (o.step + 1) as 1 | 2, note: '' } });
  const apply = (next: WorkOrderFilter) => {
    setFilter(next);
    list.send({ type: 'filter', filter: next });
  };
  const error = move.problem ? t(move.problem) : move.message === 'forbidden' ? t('staff.staffOnly.title') : move.message;
  return (
    <StaffCard title={t('staff.workOrders.title')} intro={t('staff.workOrders.intro')}>
      <StaffSearch
        label={t('staff.workOrders.search')}
        value={filter.search}
        onChange={(search) => setFilter({ ...filter, search })}
        onSearch={() => apply(filter)}
        testId="work-orders-search"
        before={
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field
              bg="white"
              aria-label={t('staff.workOrders.col.step')}
              value={filter.step === null ? '' : String(filter.step)}
              onChange={(e) => apply({ ...filter, step: e.currentTarget.value === '' ? null : (Number(e.currentTarget.value) as 0 | 1 | 2) })}
              data-testid="work-orders-step"
            >
              <option value="">{t('staff.workOrders.stepAll')}</option>
              {[0, 1, 2].map((s) => (
                <option key={s} value={s}>
                  {stepText(s)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        }
      />
      {snapshot.matches('failed') && <LoadFailed message={snapshot.context.message} onRetry={() => list.send({ type: 'reload' })} />}
      <StaffTable
        label={t('staff.workOrders.title')}
        testId="work-orders"
        rows={rows}
        rowKey={(o) => o.eventNum}
        rowTestId="work-order-row"
        rowData={(o) => ({ 'data-event': o.eventNum, 'data-step': o.step })}
        empty={{ loaded: snapshot.matches('ready'), text: t('staff.workOrders.none') }}
        columns={[
          {
            header: null,
            cell: (o) => (
              <>
                {o.step < 2 && (
                  <Button size="xs" variant="outline" onClick={() => open(o)} data-testid="work-order-move">
                    {t('staff.workOrders.moveTo', { step: stepText(o.step + 1) })}
                  </Button>
                )}
                <Button size="xs" variant="ghost" ms="1" onClick={() => setTalking(o.eventNum)} data-testid="work-order-conversation">
                  {t('staff.workOrders.conversation')}
                </Button>
              </>
            ),
          },
          { header: t('staff.workOrders.col.eventNum'), cell: (o) => o.eventNum },
          {
            header: t('staff.workOrders.col.step'),
            cell: (o) => (
              <Badge colorPalette={STEP_COLOURS[o.step]} data-testid="work-order-step">
                {stepText(o.step)}
              </Badge>
            ),
          },
          {
            header: t('staff.workOrders.col.machine'),
            cell: (o) => (
              <>
                {o.orderNumber}
                {o.fromLabel && (
                  <Badge display="block" width="fit-content" mt="1" colorPalette="purple" variant="subtle" data-testid="staff-order-from-label">
                    {t('staff.workOrders.fromLabel')}
                  </Badge>
                )}
              </>
            ),
          },
          {
            header: t('staff.workOrders.col.customer'),
            cell: (o) => (
              <>
                {o.company}
                <Text fontSize="xs" color="gray.600">
                  {o.account}
                </Text>
              </>
            ),
            // What customers and staff wrote, in their own language (the page's language check skips it).
            langNeutral: true,
          },
          // A person's name, in whatever script they wrote it.
          { header: t('staff.workOrders.col.raisedBy'), cell: (o) => <span data-testid="work-order-raised-by">{o.createdByName ?? ''}</span>, langNeutral: true },
          {
            header: t('staff.workOrders.col.content'),
            cell: (o) => (
              <>
                {o.content}
                {o.note && (
                  <Text fontSize="xs" color="gray.600">
                    {o.note}
                  </Text>
                )}
              </>
            ),
            maxWidth: '20rem',
            wrap: true,
            langNeutral: true,
          },
          { header: t('staff.workOrders.col.created'), cell: (o) => o.createdAt.replace('T', ' ').slice(0, 16) },
        ]}
      />
      <StaffPager page={page} size={PAGE} total={total} onPage={(p) => list.send({ type: 'page', page: p })} testId="work-orders" />
      <StaffFormDialog
        open={move.open}
        onClose={() => dialog.send({ type: 'close' })}
        busy={move.busy}
        size="sm"
        testId="work-order-dialog"
        title={t('staff.workOrders.dialog', { eventNum: move.draft.eventNum })}
        onSubmit={() => dialog.send({ type: 'submit' })}
        footer={
          <>
            <Button variant="outline" disabled={move.busy} onClick={() => dialog.send({ type: 'close' })}>
              {t('staff.registry.cancel')}
            </Button>
            <Button type="submit" colorPalette="blue" loading={move.busy} data-testid="work-order-confirm">
              {t('staff.workOrders.confirm')}
            </Button>
          </>
        }
      >
        <Text fontSize="sm" mb="3">
          {t('staff.workOrders.moveTo', { step: stepText(move.draft.to) })}
        </Text>
        <Field.Root invalid={!!move.problem}>
          <Field.Label>{t('staff.workOrders.note')}</Field.Label>
          <Textarea rows={3} value={move.draft.note} onChange={(e) => dialog.send({ type: 'edit', draft: { ...move.draft, note: e.currentTarget.value } })} data-testid="work-order-note" />
        </Field.Root>
        {error && (
          <Text color="red.600" fontSize="sm" role="alert" mt="3" data-testid="work-order-error">
            {error}
          </Text>
        )}
      </StaffFormDialog>
      {talking && <StaffOrderConversation eventNum={talking} onClose={() => setTalking(null)} />}
    </StaffCard>
  );
}
