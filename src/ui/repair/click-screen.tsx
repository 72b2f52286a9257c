import { Box, Button, Flex, Heading, Input, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DATE_TYPES } from '../../domain/repair/work-order-dates';
import type { WorkOrderFormValues } from '../../domain/repair/work-order-form.machine';
import { WORK_ORDERS_PAGE_SIZE, type WorkOrderFormRef } from '../../domain/repair/work-orders-page.machine';
import { ALARM_TEXTS } from '../../domain/telemetry/alarm-catalogue';
import { SessionStoreToken } from '../../ports/tokens';
import { DataTable } from '../common/data-table';
import { dateTimeFormat } from '../common/intl-formats';
import { PageFrame } from '../common/page-frame';
import { TablePager } from '../common/table-pager';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { LOCALES } from '../i18n/intl';
import { useLanguage, useT } from '../i18n/language-context';
import { paths } from '../shell/paths';
import { Notice } from './notice-dialog';
import { useRepairMachines } from './repair-machines';
import { DATE_AND_TIME, OrderDrawer, StepTag } from './work-order-drawer';
import { OrderConversation } from './work-order-conversation';
import { WorkOrderFormDialog } from './work-order-form-dialog';

/**
 * `/click`: one-click repair (spec 3), the view of `workOrdersPageMachine`: the caller's work
 * orders with the event-number search, the status filter, the quick date filters and pages of 10;
 * the detail drawer; the work-order form modal (pre-filled from `?order=&alarm=&text=`, the alarm
 * → fault article → work order path), its success dialog and the stock warning that leads to `/Stock`;
 * `?event=` searches one order at once (the bell's link to a label request's order).
 */
export default function ClickScreen() {
  const t = useT();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const session = useService(SessionStoreToken);
  const page = useFreshActor(useRepairMachines().workOrdersPage, {
    input: { language, ...formDefaults(session.user(), params, language, t), openAtStart: !!(params.get('order') || params.get('alarm')), eventNum: params.get('event') ?? '' },
  });
  const context = useSelector(page, (s) => s.context);
  const loading = useSelector(page, (s) => s.hasTag('loading'));
  const order = useSelector(page, (s) =>
    s.matches({ order: { editing: 'open' } }) ? 'open' : s.matches({ order: 'succeeded' }) ? 'succeeded' : s.matches({ order: 'stockWarning' }) ? 'stockWarning' : 'closed',
  );
  const form = useSelector(page, (s) => s.children.form as WorkOrderFormRef | undefined);
  const { query, rows, accepted } = context;

  useEffect(() => page.send({ type: 'language.change', language }), [page, language]);

  /** The dialogs' buttons: the address of a live page's alarm is spent once an order is in. */
  const acknowledge = () => {
    if (params.get('order') || params.get('alarm')) setParams({}, { replace: true });
    page.send({ type: 'notice.acknowledge' });
  };

  return (
    <PageFrame backTo={paths.section('repair')} backLabel={t('repair.back')} width="6xl">
      <Stack gap="5" data-testid="click-page">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading size="xl">{t('repair.click.title')}</Heading>
          <Flex gap="2">
            <Button colorPalette="blue" onClick={() => page.send({ type: 'form.open' })} data-testid="click-new">
              {t('repair.click.new')}
            </Button>
            <Button variant="outline" bg="white" onClick={() => navigate(paths.stock())} data-testid="click-stock">
              {t('repair.click.stock')}
            </Button>
          </Flex>
        </Flex>

        <Stack gap="3" bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p={{ base: 3, md: 4 }}>
          <Flex gap="2" wrap="wrap" align="center">
            <Input
              maxW={{ base: 'full', sm: '64' }}
              placeholder={t('repair.click.search')}
              aria-label={t('repair.click.search')}
              value={context.search}
              onChange={(e) => page.send({ type: 'search.change', text: e.currentTarget.value })}
              onKeyDown={(e) => e.key === 'Enter' && page.send({ type: 'search.submit' })}
              data-testid="click-search"
            />
            <Button variant="outline" onClick={() => page.send({ type: 'search.submit' })} data-testid="click-search-button">
              {t('repair.click.searchButton')}
            </Button>
            <NativeSelect.Root width={{ base: 'full', sm: '40' }}>
              <NativeSelect.Field
                aria-label={t('repair.click.status')}
                value={query.status === null ? '' : String(query.status)}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  page.send({ type: 'status.choose', status: v === '' ? null : (Number(v) as 0 | 1) });
                }}
                data-testid="click-status"
              >
                <option value="">{t('repair.click.status.all')}</option>
                <option value="0">{t('repair.click.status.pending')}</option>
                <option value="1">{t('repair.click.status.done')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Flex>
          <Flex gap="2" wrap="wrap" role="group" aria-label={t('repair.col.created')}>
            {DATE_TYPES.map((d) => (
              <Button
                key={d || 'all'}
                size="sm"
                variant={query.dateType === d ? 'solid' : 'outline'}
                colorPalette="blue"
                onClick={() => page.send({ type: 'date.choose', dateType: d })}
                data-testid={`click-date-${d || 'all'}`}
                aria-pressed={query.dateType === d}
              >
                {t(`repair.click.date.${d}`)}
              </Button>
            ))}
          </Flex>
        </Stack>

        <Box
          bg="white"
          borderRadius="xl"
          borderWidth="1px"
          borderColor="gray.200"
          p={{ base: 3, md: 4 }}
          data-testid="click-list"
          data-status={loading ? 'loading' : context.failed ? 'failed' : 'ready'}
        >
          {loading && !rows.length ? (
            <Stack gap="2" aria-label={t('repair.list.loading')}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h="8" />
              ))}
            </Stack>
          ) : context.failed ? (
            <Text color="red.600">{t('repair.list.failed')}</Text>
          ) : !rows.length ? (
            <Text color="gray.600" py="6" textAlign="center" data-testid="click-empty">
              {t('repair.list.empty')}
            </Text>
          ) : (
            <>
              <DataTable
                framed={false}
                interactive
                rows={rows}
                rowKey={(row) => row.eventNum}
                rowTestId="order-row"
                rowData={(row) => ({ 'data-event': row.eventNum })}
                columns={[
                  { header: t('repair.col.eventNum'), cell: (row) => row.eventNum, cellStyle: { fontFamily: 'mono' } },
                  { header: t('repair.col.orderNumber'), cell: (row) => row.orderNumber },
                  { header: t('repair.col.company'), cell: (row) => row.company },
                  { header: t('repair.col.user'), cell: (row) => row.userName },
                  { header: t('repair.col.created'), cell: (row) => dateTimeFormat(LOCALES[language], DATE_AND_TIME).format(new Date(row.createTime)) },
                  { header: t('repair.col.status'), cell: (row) => <StepTag step={row.step} /> },
                  {
                    header: t('repair.col.view'),
                    cell: (row) => (
                      <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => page.send({ type: 'order.view', row })} data-testid="order-view">
                        {t('repair.col.view')}
                      </Button>
                    ),
                  },
                ]}
              />
              <TablePager mt="3" page={query.page} size={WORK_ORDERS_PAGE_SIZE} total={context.total} busy={loading} onPage={(p) => page.send({ type: 'page.choose', page: p })} testId="click-pager" />
            </>
          )}
        </Box>
      </Stack>

      {order === 'open' && form && (
        <WorkOrderFormDialog
          actor={form}
          machines={context.machines}
          provinces={context.provinces}
          cities={context.cities}
          parts={context.parts}
          partsWithThreshold={context.partsWithThreshold}
          onProvince={(id, name) => page.send({ type: 'province.choose', id, name })}
          onClose={() => page.send({ type: 'form.close' })}
        />
      )}
      {context.viewing && (
        <OrderDrawer row={context.viewing} onClose={() => page.send({ type: 'order.close' })} conversation={<OrderConversation eventNum={context.viewing.eventNum} />} />
      )}
      {order === 'succeeded' && accepted && (
        <Notice
          title={t('repair.success.title')}
          body={[t('repair.success.body', { eventNum: accepted.eventNum }), accepted.thresholdSaved ? t('repair.success.thresholdSaved') : ''].filter(Boolean).join('\n')}
          testId="order-success"
          actions={[{ label: t('repair.success.ok'), onClick: acknowledge, primary: true, testId: 'order-success-ok' }]}
        />
      )}
      {order === 'stockWarning' && accepted && (
        <Notice
          title={t('repair.warning.title')}
          body={accepted.signal === 2 ? t('repair.warning.reached') : t('repair.warning.none')}
          testId="stock-warning"
          actions={[
            {
              label: t('repair.warning.go'),
              onClick: () => {
                page.send({ type: 'notice.acknowledge' });
                navigate(paths.stock(accepted.partId));
              },
              primary: true,
              testId: 'stock-warning-go',
            },
            { label: t('repair.warning.later'), onClick: () => page.send({ type: 'notice.acknowledge' }), testId: 'stock-warning-later' },
          ]}
        />
      )}
    </PageFrame>
  );
}

/** What a new form starts from: the customer's contact data, and a machine and an alarm from the address (a live page's "report this fault"). */
function formDefaults(
  user: Record<string, unknown>,
  params: URLSearchParams,
  language: 'zh' | 'en',
  t: ReturnType<typeof useT>,
): { defaults: Partial<WorkOrderFormValues> } {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const order = params.get('order') ?? '';
  const alarm = params.get('alarm') ?? '';
  return {
    defaults: {
      phone: text(user.Mobile),
      email: text(user.Email) || (text(user.Account).includes('@') ? text(user.Account) : ''),
      userName: text(user.RealName),
      ...(order ? { orderNumber: order } : {}),
      ...(alarm ? { content: t('repair.alarm.content', { code: alarm, text: alarmPrefillText(language, alarm, params.get('text') ?? '') }).trim() } : {}),
    },
  };
}

/** The alarm's words for the work order: the catalogue's in the page's language for a known code, else the machine's text without its code. */
function alarmPrefillText(language: 'zh' | 'en', code: string, text: string): string {
  return ALARM_TEXTS[code]?.[language] ?? (text.startsWith(code) ? text.slice(code.length).trim() : text);
}
