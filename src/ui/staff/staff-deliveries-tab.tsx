import { Badge, Button, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ANY_DELIVERY, companyIdOf, DELIVERY_CHANNELS, DELIVERY_STATUSES, type DeliveryLogFilter, type StaffDelivery } from '../../domain/staff/delivery-log';
import { localDateTime } from '../common/local-time';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { companyLabel } from './staff-company-words';
import { LoadFailed, StaffCard, StaffOnlyNote, StaffPager, StaffSearch } from './staff-parts';
import { StaffTable } from './staff-table';
import { useStaffMachines } from './staff-machines';

const PAGE = 20;
const STATUS_PALETTE = { sent: 'green', pending: 'orange', failed: 'red' } as const;

type T = ReturnType<typeof useT>;

/** What a notification told, in the page's language. */
const whatOf = (t: T, d: StaffDelivery) =>
  d.event === 'labelRequest' ? t('staff.deliveries.labelRequest') : d.event === 'cleared' || !d.kind ? t('staff.deliveries.cleared') : t(`staff.deliveries.kind.${d.kind}`);

/** `/staff/deliveries`: every company's alarm notifications and what became of them, read only; a failed one shows its error. */
export default function DeliveriesTab() {
  const t = useT();
  const { deliveries } = useStaffMachines();
  // The company page links here with its company (`?company=<id>`).
  const [params, setParams] = useSearchParams();
  const first = { ...ANY_DELIVERY, companyId: companyIdOf(params.get('company')) };
  const list = useFreshActor(deliveries, { input: { filter: first, size: PAGE } });
  const snapshot = useSelector(list, (s) => s);
  const [filter, setFilter] = useState<DeliveryLogFilter>(first);
  if (snapshot.matches('forbidden')) return <StaffOnlyNote />;
  const { rows, total, page } = snapshot.context;
  const apply = (next: DeliveryLogFilter) => {
    setFilter(next);
    list.send({ type: 'filter', filter: next });
  };
  const select = <K extends 'status' | 'channel'>(key: K, all: string, values: readonly string[]) => (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        bg="white"
        aria-label={t(`staff.deliveries.col.${key}`)}
        value={filter[key]}
        onChange={(e) => apply({ ...filter, [key]: e.currentTarget.value as DeliveryLogFilter[K] })}
        data-testid={`deliveries-${key}`}
      >
        <option value="">{all}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {t(`staff.deliveries.${key}.${v}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  return (
    <StaffCard title={t('staff.deliveries.title')} intro={t('staff.deliveries.intro')}>
      <StaffSearch
        label={t('staff.deliveries.search')}
        value={filter.search}
        onChange={(search) => setFilter({ ...filter, search })}
        onSearch={() => apply(filter)}
        testId="deliveries-search"
        before={
          <>
            {select('status', t('staff.deliveries.statusAll'), DELIVERY_STATUSES)}
            {select('channel', t('staff.deliveries.channelAll'), DELIVERY_CHANNELS)}
          </>
        }
      />
      {filter.companyId && (
        <Flex gap="2" align="center" wrap="wrap" mb="3" data-testid="deliveries-company">
          <Badge colorPalette="blue" variant="subtle">
            {t('staff.deliveries.oneCompany')}
          </Badge>
          {rows[0] && rows[0].companyId === filter.companyId && (
            <Text fontSize="sm" data-lang-neutral="">
              {companyLabel(t, rows[0])}
            </Text>
          )}
          <Button
            size="xs"
            variant="outline"
            onClick={() => {
              setParams({}, { replace: true });
              apply({ ...filter, companyId: '' });
            }}
            data-testid="deliveries-company-clear"
          >
            {t('staff.deliveries.allCompanies')}
          </Button>
        </Flex>
      )}
      {snapshot.matches('failed') && <LoadFailed message={snapshot.context.message} onRetry={() => list.send({ type: 'reload' })} />}
      <StaffTable
        label={t('staff.deliveries.title')}
        testId="deliveries"
        rows={rows}
        rowKey={(d) => d.id}
        rowTestId="delivery-row"
        rowData={(d) => ({ 'data-status': d.status, 'data-channel': d.channel, 'data-order': d.orderNumber })}
        empty={{ loaded: snapshot.matches('ready'), text: t('staff.deliveries.none') }}
        columns={[
          { header: t('staff.deliveries.col.time'), cell: (d) => localDateTime(d.createdAt) },
          {
            header: t('staff.deliveries.col.status'),
            cell: (d) => (
              <Stack gap="1" align="flex-start">
                <Badge colorPalette={STATUS_PALETTE[d.status]} data-testid="delivery-status">
                  {t(`staff.deliveries.status.${d.status}`)}
                </Badge>
                {d.status !== 'sent' && d.lastError && (
                  <Text fontSize="xs" color="red.700" data-testid="delivery-error">
                    {t('staff.deliveries.error')}
                    <span data-lang-neutral="">{d.lastError}</span>
                  </Text>
                )}
              </Stack>
            ),
            wrap: true,
            minWidth: '8rem',
            maxWidth: '18rem',
          },
          {
            header: t('staff.deliveries.col.company'),
            cell: (d) => (
              <Stack gap="0">
                <span data-lang-neutral="">{companyLabel(t, d)}</span>
                <Text fontSize="xs" color="gray.600" data-lang-neutral="">
                  {d.ownerAccount}
                </Text>
              </Stack>
            ),
            wrap: true,
            minWidth: '10rem',
          },
          {
            header: t('staff.deliveries.col.machine'),
            cell: (d) => (
              <Stack gap="0">
                <span>{d.orderNumber}</span>
                <Text fontSize="xs" color="gray.600">
                  {d.machineName}
                </Text>
              </Stack>
            ),
            langNeutral: true,
          },
          { header: t('staff.deliveries.col.what'), cell: (d) => whatOf(t, d) },
          { header: t('staff.deliveries.col.channel'), cell: (d) => t(`staff.deliveries.channel.${d.channel}`) },
          { header: t('staff.deliveries.col.target'), cell: (d) => d.target || '—', langNeutral: true, hideOnPhone: true, maxWidth: '14rem', cellStyle: { overflow: 'hidden', textOverflow: 'ellipsis' } },
          { header: t('staff.deliveries.col.attempts'), cell: (d) => (d.channel === 'bell' ? '—' : d.attempts), align: 'end', hideOnPhone: true },
        ]}
      />
      <StaffPager page={page} size={PAGE} total={total} onPage={(p) => list.send({ type: 'page', page: p })} testId="deliveries" />
    </StaffCard>
  );
}
