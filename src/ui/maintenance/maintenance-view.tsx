import { localDateTime } from '../common/local-time';
import { Alert, Badge, Box, Button, Checkbox, chakra, CloseButton, Drawer, Flex, HStack, Input, NativeSelect, Portal, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { MaintenanceItem, MaintenancePlan, MaintenanceRecord } from '../../domain/maintenance/maintenance';
import type { MaintenanceTimeProblem } from '../../domain/maintenance/maintenance-time';
import type { PlanState } from '../../domain/maintenance/plan-state';
import { DataTable } from '../common/data-table';
import { SectionHeading } from '../common/section-heading';
import { TablePager } from '../common/table-pager';
import { useT } from '../i18n/language-context';

/** A wire time as the page shows it: `YYYY-MM-DD HH:mm:ss`. */

const card = { bg: 'white', borderRadius: '2xl', borderWidth: '1px', borderColor: 'gray.200', boxShadow: 'xs', px: { base: 3, md: 5 }, py: '4' } as const;

/** The spec's tags: enabled blue, disabled orange; normal blue, overdue orange (and due soon yellow). */
export function EnabledTag({ enabled }: { enabled: boolean }) {
  const t = useT();
  return (
    <Badge colorPalette={enabled ? 'blue' : 'orange'} variant="subtle" data-testid="item-enabled" data-enabled={enabled ? 1 : 0}>
      {t(enabled ? 'maintenance.tag.enabled' : 'maintenance.tag.disabled')}
    </Badge>
  );
}

export function StateTag({ state }: { state: PlanState }) {
  const t = useT();
  const palette = state === 'overdue' ? 'orange' : state === 'warning' ? 'yellow' : 'blue';
  return (
    <Badge colorPalette={palette} variant={state === 'normal' ? 'subtle' : 'solid'} data-testid="plan-state" data-state={state}>
      {t(`maintenance.state.${state}`)}
    </Badge>
  );
}

export interface MachineOption {
  id: number;
  orderNumber: string;
  name: string;
  series: string;
}

export function MachinePicker({ options, selected, loading, onPick }: { options: MachineOption[]; selected: number | null; loading: boolean; onPick: (id: number) => void }) {
  const t = useT();
  if (loading) return <Skeleton h="4.5rem" borderRadius="2xl" aria-busy="true" aria-label={t('maintenance.picker.loading')} />;
  if (!options.length)
    return (
      <Alert.Root status="info" borderRadius="lg" data-testid="maintenance-no-machines">
        <Alert.Indicator />
        <Alert.Title>{t('maintenance.picker.empty')}</Alert.Title>
      </Alert.Root>
    );
  const textOf = (o: MachineOption) => (o.name ? t('maintenance.picker.option', { name: o.name, orderNumber: o.orderNumber }) : o.orderNumber);
  const chosen = options.find((o) => o.id === selected) ?? options[0];
  return (
    <Box {...card}>
      <chakra.label htmlFor="maintenance-machine" fontSize="sm" fontWeight="medium" color="gray.700" display="block" mb="1">
        {t('maintenance.picker.label')}
      </chakra.label>
      <NativeSelect.Root size="md" width={{ base: 'full', sm: '250px' }}>
        {/* The spec's 250 px cut long names: the closed select's title holds the whole text, and each option the whole name with its order number. */}
        <NativeSelect.Field
          id="maintenance-machine"
          value={selected ?? ''}
          title={textOf(chosen)}
          onChange={(e) => onPick(Number(e.currentTarget.value))}
          data-testid="maintenance-machine-select"
        >
          {options.map((o) => (
            <option key={o.id} value={o.id} title={textOf(o)}>
              {textOf(o)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Box>
  );
}

export interface ItemsTableProps {
  series: string;
  items: MaintenanceItem[];
  plannedItemIds: ReadonlySet<number>;
  selected: readonly number[];
  page: number;
  total: number;
  size: number;
  busy: boolean;
  onSelect: (ids: number[]) => void;
  onPage: (page: number) => void;
  onAdd: () => void;
}

export function ItemsTable({ series, items, plannedItemIds, selected, page, total, size, busy, onSelect, onPage, onAdd }: ItemsTableProps) {
  const t = useT();
  const chosen = new Set(selected);
  const toggle = (id: number, on: boolean) => onSelect(on ? [...selected, id] : selected.filter((s) => s !== id));
  return (
    <Box {...card} data-testid="maintenance-items">
      <Flex justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="3" mb="3" direction={{ base: 'column', sm: 'row' }}>
        <Box>
          <Text fontWeight="semibold" fontSize="lg">
            {t('maintenance.items.title')}
          </Text>
          <Text fontSize="sm" color="gray.600">
            {t('maintenance.items.hint', { series })}
          </Text>
        </Box>
        <Button colorPalette="blue" size="sm" disabled={!selected.length} loading={busy} onClick={onAdd} data-testid="maintenance-add">
          {t('maintenance.items.add')}
        </Button>
      </Flex>
      <DataTable
        rows={items}
        rowKey={(item) => item.id}
        rowTestId="maintenance-item-row"
        rowData={(item) => ({ 'data-item-id': item.id })}
        empty={<Text color="gray.600">{t('maintenance.items.empty')}</Text>}
        columns={[
          {
            header: null,
            width: '2.5rem',
            cell: (item) => {
              const planned = plannedItemIds.has(item.id);
              return (
                <Checkbox.Root
                  checked={planned || chosen.has(item.id)}
                  disabled={planned || !item.enabled}
                  onCheckedChange={(d) => toggle(item.id, d.checked === true)}
                  aria-label={item.project}
                  data-testid="maintenance-item-check"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              );
            },
          },
          {
            header: t('maintenance.col.project'),
            minWidth: '14rem',
            wrap: true,
            cell: (item) => (
              <>
                <Text fontWeight="medium">{item.project}</Text>
                <Text fontSize="xs" color="gray.600" maxW="28rem" whiteSpace="normal">
                  {item.content}
                </Text>
              </>
            ),
          },
          { header: t('maintenance.col.cycle'), cell: (item) => item.cycleHours },
          { header: t('maintenance.col.warning'), cell: (item) => item.warningHours },
          { header: t('maintenance.col.pierces'), cell: (item) => item.cyclePierces ?? t('maintenance.none') },
          {
            header: t('maintenance.col.status'),
            cell: (item) => (
              <HStack gap="1" wrap="wrap">
                <EnabledTag enabled={item.enabled} />
                {plannedItemIds.has(item.id) && (
                  <Badge colorPalette="green" variant="outline">
                    {t('maintenance.tag.planned')}
                  </Badge>
                )}
              </HStack>
            ),
          },
        ]}
      />
      <TablePager mt="2" page={page} size={size} total={total} onPage={onPage} testId="maintenance-items-pager" />
    </Box>
  );
}

export function PlansTable({ plans, busy, onMaintain, onRemove }: { plans: MaintenancePlan[]; busy: boolean; onMaintain: (id: number) => void; onRemove: (id: number) => void }) {
  const t = useT();
  return (
    <Box {...card} data-testid="maintenance-plans">
      <Text fontWeight="semibold" fontSize="lg" mb="3">
        {t('maintenance.plans.title')}
      </Text>
      <DataTable
        rows={plans}
        rowKey={(p) => p.id}
        rowTestId="maintenance-plan-row"
        rowData={(p) => ({ 'data-plan-id': p.id, 'data-state': p.state, 'data-surplus': p.surplusHours })}
        empty={
          <Text color="gray.600" data-testid="maintenance-plans-empty">
            {t('maintenance.plans.empty')}
          </Text>
        }
        columns={[
          { header: t('maintenance.col.project'), cell: (p) => p.project, cellStyle: { fontWeight: 'medium' } },
          { header: t('maintenance.col.status'), cell: (p) => <StateTag state={p.state} /> },
          { header: t('maintenance.col.surplus'), cell: (p) => p.surplusHours, cellData: { 'data-testid': 'plan-surplus' } },
          {
            header: t('maintenance.col.actions'),
            cell: (p) => (
              <HStack gap="2">
                <Button size="xs" colorPalette="blue" onClick={() => onMaintain(p.id)} data-testid="plan-maintain">
                  {t('maintenance.plans.maintain')}
                </Button>
                <Button size="xs" variant="outline" colorPalette="red" disabled={busy} onClick={() => onRemove(p.id)} data-testid="plan-remove">
                  {t('maintenance.plans.remove')}
                </Button>
              </HStack>
            ),
          },
          { header: t('maintenance.col.cycle'), cell: (p) => p.cycleHours },
          { header: t('maintenance.col.surplusPierces'), cell: (p) => p.surplusPierces ?? t('maintenance.none') },
        ]}
      />
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text fontSize="xs" color="gray.600">
        {label}
      </Text>
      <Box fontWeight="medium">{children}</Box>
    </Box>
  );
}

export interface DrawerViewProps {
  open: boolean;
  loading: boolean;
  plan: MaintenancePlan | null;
  records: MaintenanceRecord[];
  recordsPage: number;
  recordsTotal: number;
  recordsSize: number;
  /** The picker's value as `YYYY-MM-DDTHH:mm:ss` in the browser's time, '' when none. */
  timeValue: string;
  /** The picker's latest allowed value (now). */
  timeMax: string;
  timeProblem: MaintenanceTimeProblem | null;
  error: string;
  confirming: boolean;
  onClose: () => void;
  onPickTime: (value: string) => void;
  onConfirm: () => void;
  onRecordsPage: (page: number) => void;
}

export function MaintenanceDrawerView(props: DrawerViewProps) {
  const t = useT();
  const { plan } = props;
  return (
    <Drawer.Root open={props.open} onOpenChange={(d) => !d.open && props.onClose()} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content w={{ base: 'full', md: '1000px' }} maxW="100%" data-testid="maintenance-drawer" data-loading={props.loading}>
            <Drawer.Header>
              <Drawer.Title>{t('maintenance.drawer.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="5">
                {plan ? (
                  <Box borderWidth="1px" borderColor="gray.200" borderRadius="xl" p="4" data-testid="maintenance-details" data-state={plan.state}>
                    <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="3">
                      <Fact label={t('maintenance.details.project')}>{plan.project}</Fact>
                      <Fact label={t('maintenance.details.orderNumber')}>{plan.orderNumber}</Fact>
                      <Fact label={t('maintenance.details.label')}>{plan.series}</Fact>
                      <Fact label={t('maintenance.details.realName')}>{plan.realName}</Fact>
                      <Fact label={t('maintenance.details.createTime')}>{localDateTime(plan.createTime, { seconds: true })}</Fact>
                      <Fact label={t('maintenance.details.cycleHours')}>{plan.cycleHours}</Fact>
                      <Fact label={t('maintenance.details.surplusHours')}>
                        <span data-testid="details-surplus">{plan.surplusHours}</span>
                      </Fact>
                      <Fact label={t('maintenance.details.warningHours')}>{plan.warningHours}</Fact>
                      <Fact label={t('maintenance.details.warningTime')}>{plan.warningTime ? localDateTime(plan.warningTime, { seconds: true }) : t('maintenance.none')}</Fact>
                      <Fact label={t('maintenance.details.enabled')}>{t(plan.enabled ? 'maintenance.yes' : 'maintenance.no')}</Fact>
                      <Fact label={t('maintenance.details.state')}>
                        <StateTag state={plan.state} />
                      </Fact>
                      <Fact label={t('maintenance.details.runHours')}>{plan.runHours}</Fact>
                      {plan.cyclePierces !== null && (
                        <Fact label={t('maintenance.details.pierces')}>
                          {plan.pierces} / {plan.surplusPierces}
                        </Fact>
                      )}
                      <Fact label={t('maintenance.details.since')}>{localDateTime(plan.since, { seconds: true })}</Fact>
                    </SimpleGrid>
                    <Box mt="3">
                      <Fact label={t('maintenance.details.content')}>
                        <Text fontWeight="normal">{plan.content}</Text>
                      </Fact>
                    </Box>
                  </Box>
                ) : (
                  <Skeleton h="10rem" borderRadius="xl" />
                )}

                <Flex gap="3" align={{ base: 'stretch', sm: 'flex-end' }} direction={{ base: 'column', sm: 'row' }}>
                  <Box>
                    <chakra.label htmlFor="maintenance-time" fontSize="sm" fontWeight="medium" display="block" mb="1">
                      {t('maintenance.confirm.time')}
                    </chakra.label>
                    <Input
                      id="maintenance-time"
                      type="datetime-local"
                      step="1"
                      max={props.timeMax}
                      value={props.timeValue}
                      onChange={(e) => props.onPickTime(e.currentTarget.value)}
                      w={{ base: 'full', sm: '16rem' }}
                      aria-invalid={props.timeProblem ? true : undefined}
                      data-testid="maintenance-time"
                    />
                  </Box>
                  <Button colorPalette="blue" loading={props.confirming} onClick={props.onConfirm} disabled={!plan} data-testid="maintenance-confirm">
                    {t('maintenance.confirm.button')}
                  </Button>
                </Flex>
                {props.timeProblem && (
                  <Text color="red.600" fontSize="sm" data-testid="maintenance-time-error">
                    {t(props.timeProblem === 'required' ? 'maintenance.confirm.required' : 'maintenance.confirm.future')}
                  </Text>
                )}
                {props.error && (
                  <Alert.Root status="error" borderRadius="lg" data-testid="maintenance-drawer-error">
                    <Alert.Indicator />
                    <Alert.Title>{props.error}</Alert.Title>
                  </Alert.Root>
                )}

                <Box>
                  <Text fontWeight="semibold" mb="2">
                    {t('maintenance.records.title')}
                  </Text>
                  <DataTable
                    rows={props.records}
                    rowKey={(r) => r.id}
                    rowTestId="maintenance-record-row"
                    empty={
                      <Text color="gray.600" data-testid="maintenance-records-empty">
                        {t('maintenance.records.empty')}
                      </Text>
                    }
                    columns={[
                      { header: t('maintenance.col.project'), cell: (r) => r.project },
                      { header: t('maintenance.records.time'), cell: (r) => localDateTime(r.maintenanceTime, { seconds: true }) },
                      { header: t('maintenance.records.user'), cell: (r) => r.maintenanceUser },
                      { header: t('maintenance.records.confirmedBy'), cell: (r) => r.createdByName ?? '', cellData: { 'data-field': 'confirmed-by' }, langNeutral: true },
                      { header: t('maintenance.records.state'), cell: (r) => <StateTag state={r.normal ? 'normal' : 'overdue'} /> },
                      { header: t('maintenance.records.createTime'), cell: (r) => localDateTime(r.createTime, { seconds: true }) },
                    ]}
                  />
                  <TablePager mt="2" page={props.recordsPage} size={props.recordsSize} total={props.recordsTotal} onPage={props.onRecordsPage} testId="maintenance-records-pager" />
                </Box>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('maintenance.drawer.close')} data-testid="maintenance-drawer-close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

export function MaintenancePageView({ children, notice, error }: { children: ReactNode; notice: string; error: string }) {
  const t = useT();
  return (
    <Stack gap={{ base: 4, md: 5 }} py={{ base: 2, md: 4 }} data-testid="maintenance-page">
      <SectionHeading title={t('maintenance.page.title')} intro={t('maintenance.page.intro')} />
      {error && (
        <Alert.Root status="error" borderRadius="lg" data-testid="maintenance-error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      {notice && !error && <Box display="none" data-testid="maintenance-notice" data-notice={notice} />}
      {children}
    </Stack>
  );
}
