import { Badge, Button, Field, Flex, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { emptyRegistryDraft, REGISTRY_DETAIL_FIELDS, type RegistryDialogMode, type RegistryDraft } from '../../domain/staff/registry-entry';
import type { RegistryEntry } from '../../domain/staff/staff-records';
import { NotifierToken } from '../../ports/tokens';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { LoadFailed, StaffCard, StaffFormDialog, StaffOnlyNote, StaffPager, StaffSearch } from './staff-parts';
import { StaffTable } from './staff-table';
import { useStaffMachines } from './staff-machines';

const PAGE = 10;

const draftOf = (e: RegistryEntry): RegistryDraft => ({
  orderNumber: e.orderNumber,
  name: e.name,
  seriesName: e.seriesName,
  model: e.model,
  laserPowerKw: e.laserPowerKw,
  deliveryDay: e.deliveryDay,
  details: { ...emptyRegistryDraft().details, ...e.details },
  reason: '',
});

/** `/staff/registry`: the machine registry with search and paging; add, edit, unbind with a reason. */
export default function RegistryTab() {
  const t = useT();
  const { registry, registryDialog } = useStaffMachines();
  const notifier = useService(NotifierToken);
  const list = useFreshActor(registry, { input: { filter: '', size: PAGE } });
  const dialog = useFreshActor(registryDialog);
  const snapshot = useSelector(list, (s) => s);
  const saved = useSelector(dialog, (s) => s.context.saved);
  const lastMode = useRef(dialog.getSnapshot().context.mode);
  const [search, setSearch] = useState('');
  // A change was done: reload the list and say so.
  useEffect(() => {
    if (saved === 0) return;
    notifier.success(t(lastMode.current === 'unbind' ? 'staff.registry.unboundDone' : lastMode.current === 'withdrawLabels' ? 'staff.registry.labelsWithdrawn' : 'staff.registry.saved'));
    list.send({ type: 'reload' });
  }, [saved]); // eslint-disable-line react-hooks/exhaustive-deps
  if (snapshot.matches('forbidden')) return <StaffOnlyNote />;
  const { rows, total, page } = snapshot.context;
  const open = (mode: RegistryDialogMode, draft: RegistryDraft) => {
    lastMode.current = mode;
    dialog.send({ type: 'open', mode, draft });
  };
  return (
    <StaffCard
      title={t('staff.registry.title')}
      intro={t('staff.registry.intro')}
      actions={
        <Button size="sm" colorPalette="blue" onClick={() => open('add', emptyRegistryDraft())} data-testid="registry-add">
          {t('staff.registry.add')}
        </Button>
      }
    >
      <StaffSearch label={t('staff.registry.search')} value={search} onChange={setSearch} onSearch={() => list.send({ type: 'filter', filter: search })} testId="registry-search" />
      {snapshot.matches('failed') && <LoadFailed message={snapshot.context.message} onRetry={() => list.send({ type: 'reload' })} />}
      <StaffTable
        label={t('staff.registry.title')}
        testId="registry-rows"
        rows={rows}
        rowKey={(r) => r.orderNumber}
        rowTestId="registry-row"
        rowData={(r) => ({ 'data-order': r.orderNumber })}
        empty={{ loaded: snapshot.matches('ready'), text: t('staff.registry.none') }}
        columns={[
          {
            header: null,
            cell: (r) => (
              <Flex gap="2">
                <Button size="xs" variant="outline" onClick={() => open('edit', draftOf(r))} data-testid="registry-edit">
                  {t('staff.registry.edit')}
                </Button>
                <Button size="xs" variant="outline" colorPalette="red" disabled={!r.owner} onClick={() => open('unbind', draftOf(r))} data-testid="registry-unbind">
                  {t('staff.registry.unbind')}
                </Button>
                <Button size="xs" variant="outline" colorPalette="red" onClick={() => open('withdrawLabels', draftOf(r))} data-testid="registry-withdraw-labels">
                  {t('staff.registry.withdrawLabels')}
                </Button>
              </Flex>
            ),
          },
          { header: t('staff.registry.col.orderNumber'), cell: (r) => r.orderNumber },
          { header: t('staff.registry.col.name'), cell: (r) => r.name, langNeutral: true },
          { header: t('staff.registry.col.series'), cell: (r) => r.seriesName },
          { header: t('staff.registry.col.power'), cell: (r) => (r.laserPowerKw ? `${r.laserPowerKw} kW` : '—') },
          { header: t('staff.registry.col.delivery'), cell: (r) => r.deliveryDay || '—' },
          {
            header: t('staff.registry.col.owner'),
            cell: (r) => r.owner || <Badge colorPalette="gray">{t('staff.registry.unbound')}</Badge>,
            cellData: { 'data-testid': 'registry-owner' },
          },
        ]}
      />
      <StaffPager page={page} size={PAGE} total={total} onPage={(p) => list.send({ type: 'page', page: p })} testId="registry" />
      <RegistryDialog dialog={dialog} rows={rows} />
    </StaffCard>
  );
}

function RegistryDialog({ dialog, rows }: { dialog: ReturnType<typeof useFreshActor<ReturnType<typeof useStaffMachines>['registryDialog']>>; rows: readonly RegistryEntry[] }) {
  const t = useT();
  const state = useSelector(dialog, (s) => ({ open: !s.matches('closed'), busy: s.hasTag('busy'), ...s.context }));
  const { mode, draft } = state;
  const owner = rows.find((r) => r.orderNumber === draft.orderNumber)?.owner ?? '';
  const edit = (change: Partial<RegistryDraft>) => dialog.send({ type: 'edit', draft: { ...draft, ...change } });
  const field = (label: string, key: 'orderNumber' | 'name' | 'seriesName' | 'model' | 'deliveryDay', extra: { type?: string; disabled?: boolean } = {}) => (
    <Field.Root>
      <Field.Label>{t(label)}</Field.Label>
      <Input size="sm" type={extra.type} disabled={extra.disabled} value={draft[key]} onChange={(e) => edit({ [key]: e.currentTarget.value })} data-testid={`registry-field-${key}`} />
    </Field.Root>
  );
  const error = state.problem ? t(state.problem) : state.message === 'forbidden' ? t('staff.staffOnly.title') : state.message;
  return (
    <StaffFormDialog
      open={state.open}
      onClose={() => dialog.send({ type: 'close' })}
      busy={state.busy}
      size={mode === 'unbind' || mode === 'withdrawLabels' ? 'sm' : 'lg'}
      testId="registry-dialog"
      title={t(`staff.registry.dialog.${mode}`)}
      onSubmit={() => dialog.send({ type: 'submit' })}
      footer={
        <>
          <Button variant="outline" disabled={state.busy} onClick={() => dialog.send({ type: 'close' })}>
            {t('staff.registry.cancel')}
          </Button>
          <Button type="submit" colorPalette={mode === 'unbind' || mode === 'withdrawLabels' ? 'red' : 'blue'} loading={state.busy} data-testid="registry-submit">
            {t(mode === 'unbind' ? 'staff.registry.confirmUnbind' : mode === 'withdrawLabels' ? 'staff.registry.confirmWithdrawLabels' : 'staff.registry.save')}
          </Button>
        </>
      }
    >
      {mode === 'withdrawLabels' ? (
        <Text fontSize="sm">{t('staff.registry.dialog.withdrawLabelsBody', { orderNumber: draft.orderNumber })}</Text>
      ) : mode === 'unbind' ? (
        <Stack gap="3">
          <Text fontSize="sm">{t('staff.registry.dialog.unbindBody', { orderNumber: draft.orderNumber, owner })}</Text>
          <Field.Root invalid={!!state.problem}>
            <Field.Label>{t('staff.registry.field.reason')}</Field.Label>
            <Textarea value={draft.reason} onChange={(e) => edit({ reason: e.currentTarget.value })} rows={3} data-testid="registry-reason" />
          </Field.Root>
        </Stack>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          {field('staff.registry.field.orderNumber', 'orderNumber', { disabled: mode === 'edit' })}
          {field('staff.registry.field.name', 'name')}
          {field('staff.registry.field.series', 'seriesName')}
          {field('staff.registry.field.model', 'model')}
          <Field.Root>
            <Field.Label>{t('staff.registry.field.power')}</Field.Label>
            <Input size="sm" inputMode="numeric" value={String(draft.laserPowerKw)} onChange={(e) => edit({ laserPowerKw: e.currentTarget.value.trim() === '' ? 0 : Number(e.currentTarget.value) })} data-testid="registry-field-power" />
          </Field.Root>
          {field('staff.registry.field.delivery', 'deliveryDay', { type: 'date' })}
          {REGISTRY_DETAIL_FIELDS.map((f) => (
            <Field.Root key={f} gridColumn={f === 'Describe' ? { md: 'span 2' } : undefined}>
              <Field.Label>{t(`staff.field.${f}`)}</Field.Label>
              {f === 'Describe' ? (
                <Textarea size="sm" rows={2} value={draft.details[f]} onChange={(e) => edit({ details: { ...draft.details, [f]: e.currentTarget.value } })} data-testid={`registry-detail-${f}`} />
              ) : (
                <Input size="sm" value={draft.details[f]} onChange={(e) => edit({ details: { ...draft.details, [f]: e.currentTarget.value } })} data-testid={`registry-detail-${f}`} />
              )}
            </Field.Root>
          ))}
        </SimpleGrid>
      )}
      {error && (
        <Text color="red.600" fontSize="sm" role="alert" mt="3" data-testid="registry-error">
          {error}
        </Text>
      )}
    </StaffFormDialog>
  );
}
