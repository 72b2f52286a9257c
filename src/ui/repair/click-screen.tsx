import { Badge, Box, Button, CloseButton, Dialog, Drawer, Flex, Heading, Input, NativeSelect, Portal, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { offersStockPage } from '../../domain/repair/stock-threshold';
import { DATE_TYPES, type DateType } from '../../domain/repair/work-order-dates';
import type { StatusFilter, WorkOrderStep } from '../../domain/repair/work-order-status';
import type { SparePartOption, WorkOrderRow } from '../../ports/repair-api.port';
import { AccountsApiToken, DevicesApiToken, RepairApiToken, SessionStoreToken } from '../../ports/tokens';
import { PageFrame } from '../common/page-frame';
import { useService } from '../common/services-context';
import { LOCALES } from '../i18n/intl';
import { useLanguage, useT } from '../i18n/language-context';
import { paths } from '../shell/paths';
import { ALARM_TEXTS } from '../../domain/telemetry/alarm-catalogue';
import { Pager } from './pager';
import { useRepairMachines } from './repair-machines';
import { WorkOrderFormDialog, type Option } from './work-order-form-dialog';
import { dateTimeFormat } from '../common/intl-formats';

const PAGE_SIZE = 10;
/** As `Date.toLocaleString` writes a time, numeric date and time. */
const DATE_AND_TIME: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' };
const STEP_COLOURS: Record<WorkOrderStep, string> = { 0: 'blue', 1: 'orange', 2: 'green' };

function StepTag({ step }: { step: WorkOrderStep }) {
  const t = useT();
  return (
    <Badge colorPalette={STEP_COLOURS[step]} variant="subtle" borderRadius="full" px="2" data-testid="order-step" data-step={step}>
      {t(`repair.step.${step}`)}
    </Badge>
  );
}

/** The drawer's three-step display: pending, in progress, completed (spec 3 section 4). */
function Steps({ step }: { step: WorkOrderStep }) {
  const t = useT();
  return (
    <Flex gap="2" align="center" data-testid="order-steps" data-step={step}>
      {([0, 1, 2] as const).map((s) => (
        <Flex key={s} align="center" gap="2" flex="1">
          <Flex
            w="7"
            h="7"
            borderRadius="full"
            align="center"
            justify="center"
            fontSize="sm"
            fontWeight="bold"
            bg={s <= step ? (step === 2 ? 'green.500' : 'blue.500') : 'gray.200'}
            color={s <= step ? 'white' : 'gray.600'}
            flexShrink={0}
          >
            {s + 1}
          </Flex>
          <Text fontSize="sm" color={s <= step ? 'gray.900' : 'gray.500'} fontWeight={s === step ? 'semibold' : 'normal'}>
            {t(`repair.step.${s}`)}
          </Text>
          {s < 2 && <Box flex="1" h="2px" bg={s < step ? 'blue.400' : 'gray.200'} minW="3" />}
        </Flex>
      ))}
    </Flex>
  );
}

function OrderDrawer({ row, onClose }: { row: WorkOrderRow; onClose: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const item = (label: string, value: string, testId?: string) => (
    <Flex gap="3" py="1.5" borderBottomWidth="1px" borderColor="gray.100">
      <Text w="28" flexShrink={0} color="gray.600" fontSize="sm">
        {label}
      </Text>
      <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" data-testid={testId}>
        {value}
      </Text>
    </Flex>
  );
  return (
    <Drawer.Root open onOpenChange={(d) => !d.open && onClose()} size={{ base: 'full', md: 'lg' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="order-drawer" maxW={{ md: '720px' }}>
            <Drawer.Header>
              <Drawer.Title>
                {t('repair.drawer.title')} {row.eventNum}
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="6">
                <Stack gap="3">
                  <Heading size="sm">{t('repair.drawer.progress')}</Heading>
                  <Steps step={row.step} />
                  {row.note && item(t('repair.drawer.note'), row.note, 'order-note')}
                </Stack>
                <Stack gap="0">
                  <Heading size="sm" mb="2">
                    {t('repair.drawer.basic')}
                  </Heading>
                  {item(t('repair.col.eventNum'), row.eventNum)}
                  {item(t('repair.col.orderNumber'), row.orderNumber)}
                  {item(t('repair.col.company'), row.company)}
                  {item(t('repair.col.user'), row.userName)}
                  {item(t('repair.drawer.phone'), row.phone)}
                  {item(t('repair.drawer.email'), row.email)}
                  {item(t('repair.drawer.area'), [row.provinceName, row.cityName].filter(Boolean).join(' / '))}
                  {item(t('repair.drawer.part'), row.sparePart)}
                  {item(t('repair.drawer.content'), row.content, 'order-content')}
                  {item(t('repair.col.created'), dateTimeFormat(LOCALES[language], DATE_AND_TIME).format(new Date(row.createTime)))}
                </Stack>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function Notice(props: { title: string; body: string; testId: string; actions: Array<{ label: string; onClick: () => void; primary?: boolean; testId: string }> }) {
  return (
    // Only its buttons close it: the form dialog closing under it must not count as an outside click.
    <Dialog.Root open closeOnInteractOutside={false} closeOnEscape={false} placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3" borderRadius="2xl" data-testid={props.testId}>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text whiteSpace="pre-line">{props.body}</Text>
            </Dialog.Body>
            <Dialog.Footer gap="3">
              {props.actions.map((a) => (
                <Button key={a.testId} variant={a.primary ? 'solid' : 'outline'} colorPalette="blue" onClick={a.onClick} data-testid={a.testId}>
                  {a.label}
                </Button>
              ))}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface ListState {
  status: 'loading' | 'ready' | 'failed';
  rows: WorkOrderRow[];
  total: number;
}

/**
 * `/click`: one-click repair (spec 3): the caller's work orders with the event-number search, the
 * status filter, the quick date filters and pages of 10; the detail drawer; the work-order form
 * modal (pre-filled from `?order=&alarm=&text=`, the alarm → fault article → work order path),
 * its success dialog and the stock warning that leads to `/Stock`.
 */
export default function ClickScreen() {
  const t = useT();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const api = useService(RepairApiToken);
  const devices = useService(DevicesApiToken);
  const accounts = useService(AccountsApiToken);
  const session = useService(SessionStoreToken);
  const form = useActorRef(useRepairMachines().workOrderForm);
  const formState = useSelector(form, (s) => (s.matches('succeeded') ? 'succeeded' : s.matches('stockWarning') ? 'stockWarning' : 'editing'));
  const result = useSelector(form, (s) => s.context.result);
  const province = useSelector(form, (s) => s.context.values.province);
  const chosenPart = useSelector(form, (s) => s.context.values.sparePartId);

  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<{ eventNum: string; dateType: DateType; status: StatusFilter; page: number }>({ eventNum: '', dateType: '', status: null, page: 1 });
  const [list, setList] = useState<ListState>({ status: 'loading', rows: [], total: 0 });
  const [reload, setReload] = useState(0);
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<WorkOrderRow | null>(null);
  const [machines, setMachines] = useState<Option[]>([]);
  const [provinces, setProvinces] = useState<Option[]>([]);
  const [cities, setCities] = useState<Option[]>([]);
  const [parts, setParts] = useState<SparePartOption[]>([]);
  const [withThreshold, setWithThreshold] = useState<ReadonlySet<number>>(new Set());
  const [warnedPart, setWarnedPart] = useState('');
  // The part of the submission in flight (the machine resets the form as it accepts).
  const lastPart = useRef('');
  if (chosenPart) lastPart.current = chosenPart;

  // The list, again on every filter, page, language and after a submission.
  useEffect(() => {
    const abort = new AbortController();
    setList((l) => ({ ...l, status: 'loading' }));
    api
      .orders({ ...query, size: PAGE_SIZE }, language, abort.signal)
      .then((answer) => setList(answer.kind === 'page' ? { status: 'ready', rows: answer.rows, total: answer.total } : { status: 'failed', rows: [], total: 0 }))
      .catch(() => !abort.signal.aborted && setList({ status: 'failed', rows: [], total: 0 }));
    return () => abort.abort();
  }, [api, query, language, reload]);

  // The form's choices: machines, provinces (parent 44), spare parts and which parts have a threshold.
  const loadChoices = useCallback(
    (signal: AbortSignal) => {
      devices.getMyMachines(signal).then((a) => a.kind === 'list' && setMachines(a.machines.map((m) => ({ id: m.ordernumber, name: `${m.ordernumber} · ${m.name}` }))), () => {});
      accounts.getAreas({ level: 'province', parentId: 44, language }, signal).then((a) => setProvinces(a.map((o) => ({ id: String(o.countryid), name: o.countryname }))), () => {});
      api.parts(language, signal).then(setParts, () => {});
      api.stock({ page: 1, size: 100 }, language, signal).then((a) => a.kind === 'page' && setWithThreshold(new Set(a.rows.filter((r) => r.threshold !== null).map((r) => r.id))), () => {});
    },
    [api, devices, accounts, language],
  );
  useEffect(() => {
    const abort = new AbortController();
    loadChoices(abort.signal);
    return () => abort.abort();
  }, [loadChoices]);

  useEffect(() => {
    setCities([]);
    if (!province) return;
    const abort = new AbortController();
    accounts.getAreas({ level: 'city', parentId: Number(province), language }, abort.signal).then((a) => setCities(a.map((o) => ({ id: String(o.countryid), name: o.countryname }))), () => {});
    return () => abort.abort();
  }, [accounts, province, language]);

  // The customer's contact data, and a machine and an alarm from the address, pre-fill the form.
  useEffect(() => {
    const user = session.user();
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    const order = params.get('order') ?? '';
    const alarm = params.get('alarm') ?? '';
    const alarmText = params.get('text') ?? '';
    form.send({
      type: 'prefill',
      values: {
        phone: text(user.Mobile),
        email: text(user.Email) || (text(user.Account).includes('@') ? text(user.Account) : ''),
        userName: text(user.RealName),
        ...(order ? { orderNumber: order } : {}),
        ...(alarm ? { content: t('repair.alarm.content', { code: alarm, text: alarmPrefillText(language, alarm, alarmText) }).trim() } : {}),
      },
    });
    if (order || alarm) setOpen(true);
    // Only when the page opens with them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // An accepted submission: the list reloads (the form machine has reset the form).
  useEffect(() => {
    if (formState === 'succeeded') {
      setOpen(false);
      setReload((n) => n + 1);
      setWarnedPart(lastPart.current);
      if (params.get('order') || params.get('alarm')) setParams({}, { replace: true });
      const abort = new AbortController();
      loadChoices(abort.signal);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formState]);

  const columns = useMemo(() => ['eventNum', 'orderNumber', 'company', 'user', 'created', 'status', 'view'] as const, []);

  return (
    <PageFrame backTo={paths.section('repair')} backLabel={t('repair.back')} width="6xl">
      <Stack gap="5" data-testid="click-page">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading size="xl">{t('repair.click.title')}</Heading>
          <Flex gap="2">
            <Button colorPalette="blue" onClick={() => setOpen(true)} data-testid="click-new">
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
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              onKeyDown={(e) => e.key === 'Enter' && setQuery((q) => ({ ...q, eventNum: search.trim(), page: 1 }))}
              data-testid="click-search"
            />
            <Button variant="outline" onClick={() => setQuery((q) => ({ ...q, eventNum: search.trim(), page: 1 }))} data-testid="click-search-button">
              {t('repair.click.searchButton')}
            </Button>
            <NativeSelect.Root width={{ base: 'full', sm: '40' }}>
              <NativeSelect.Field
                aria-label={t('repair.click.status')}
                value={query.status === null ? '' : String(query.status)}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setQuery((q) => ({ ...q, status: v === '' ? null : (Number(v) as 0 | 1), page: 1 }));
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
                onClick={() => setQuery((q) => ({ ...q, dateType: d, page: 1 }))}
                data-testid={`click-date-${d || 'all'}`}
                aria-pressed={query.dateType === d}
              >
                {t(`repair.click.date.${d}`)}
              </Button>
            ))}
          </Flex>
        </Stack>

        <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p={{ base: 3, md: 4 }} data-testid="click-list" data-status={list.status}>
          {list.status === 'loading' && !list.rows.length ? (
            <Stack gap="2" aria-label={t('repair.list.loading')}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h="8" />
              ))}
            </Stack>
          ) : list.status === 'failed' ? (
            <Text color="red.600">{t('repair.list.failed')}</Text>
          ) : !list.rows.length ? (
            <Text color="gray.600" py="6" textAlign="center" data-testid="click-empty">
              {t('repair.list.empty')}
            </Text>
          ) : (
            <>
              <Table.ScrollArea>
                <Table.Root size="sm" interactive>
                  <Table.Header>
                    <Table.Row bg="gray.50">
                      {columns.map((c) => (
                        <Table.ColumnHeader key={c} whiteSpace="nowrap">
                          {t(`repair.col.${c}`)}
                        </Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {list.rows.map((row) => (
                      <Table.Row key={row.eventNum} data-testid="order-row" data-event={row.eventNum}>
                        <Table.Cell whiteSpace="nowrap" fontFamily="mono">
                          {row.eventNum}
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{row.orderNumber}</Table.Cell>
                        <Table.Cell>{row.company}</Table.Cell>
                        <Table.Cell>{row.userName}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{dateTimeFormat(LOCALES[language], DATE_AND_TIME).format(new Date(row.createTime))}</Table.Cell>
                        <Table.Cell>
                          <StepTag step={row.step} />
                        </Table.Cell>
                        <Table.Cell>
                          <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => setViewing(row)} data-testid="order-view">
                            {t('repair.col.view')}
                          </Button>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
              <Pager page={query.page} size={PAGE_SIZE} total={list.total} onPage={(page) => setQuery((q) => ({ ...q, page }))} testId="click-pager" />
            </>
          )}
        </Box>
      </Stack>

      {open && (
        <WorkOrderFormDialog
          actor={form}
          machines={machines}
          provinces={provinces}
          cities={cities}
          parts={parts}
          partsWithThreshold={withThreshold}
          onClose={() => setOpen(false)}
        />
      )}
      {viewing && <OrderDrawer row={viewing} onClose={() => setViewing(null)} />}
      {formState === 'succeeded' && result && (
        <Notice
          title={t('repair.success.title')}
          body={[t('repair.success.body', { eventNum: result.eventNum }), result.thresholdSaved ? t('repair.success.thresholdSaved') : ''].filter(Boolean).join('\n')}
          testId="order-success"
          actions={[{ label: t('repair.success.ok'), onClick: () => form.send({ type: 'acknowledge' }), primary: true, testId: 'order-success-ok' }]}
        />
      )}
      {formState === 'stockWarning' && result && offersStockPage(result.signal) && (
        <Notice
          title={t('repair.warning.title')}
          body={result.signal === 2 ? t('repair.warning.reached') : t('repair.warning.none')}
          testId="stock-warning"
          actions={[
            {
              label: t('repair.warning.go'),
              onClick: () => {
                form.send({ type: 'acknowledge' });
                navigate(warnedPart ? paths.stock(warnedPart) : paths.stock());
              },
              primary: true,
              testId: 'stock-warning-go',
            },
            { label: t('repair.warning.later'), onClick: () => form.send({ type: 'acknowledge' }), testId: 'stock-warning-later' },
          ]}
        />
      )}
    </PageFrame>
  );
}

/** The alarm's words for the work order: the catalogue's in the page's language for a known code, else the machine's text without its code. */
function alarmPrefillText(language: 'zh' | 'en', code: string, text: string): string {
  return ALARM_TEXTS[code]?.[language] ?? (text.startsWith(code) ? text.slice(code.length).trim() : text);
}
