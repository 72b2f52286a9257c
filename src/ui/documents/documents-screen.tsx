import { Alert, Badge, Box, Button, chakra, CloseButton, Dialog, Drawer, Flex, Heading, Image, Input, NativeSelect, Portal, Progress, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { DOCUMENT_PAGE_SIZES } from '../../domain/documents/documents-screen.machine';
import { fileProgress } from '../../domain/documents/upload.machine';
import type { MyMachine } from '../../domain/devices/fleet';
import type { CamReportAnswer, DocumentReport, DocumentRow, Row, WorkReportAnswer } from '../../domain/documents/document-rows';
import { NotifierToken } from '../../ports/tokens';
import { formatSize } from '../common/formats';
import { saveFile } from '../common/save-file';
import { SearchableSelect } from '../common/searchable-select';
import { SectionHeading } from '../common/section-heading';
import { useService } from '../common/services-context';
import { TablePager } from '../common/table-pager';
import { useFreshActor } from '../common/use-fresh-actor';
import { LOCALES } from '../i18n/intl';
import { useLanguage, useT } from '../i18n/language-context';
import { useDocumentsMachines } from './documents-machines';
import { dateTimeFormat, numberFormat } from '../common/intl-formats';
import { useLatest } from '../common/use-latest';

/**
 * `/index/file` (spec 3 "File screen"): the caller's machines in a searchable order-number select,
 * a file-name search, the documents table paged on the server (CAM report, work report, download,
 * delete behind a confirmation), the upload drawer (720) and the two report drawers (1000). The
 * table, its filters and what is open over it are the domain's documents-screen machine.
 */
export function FileSection() {
  const notifier = useService(NotifierToken);
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALES[language];
  const { screen, download } = useDocumentsMachines();
  const current = useLatest({ t, notifier });
  const definition = useMemo(
    () =>
      screen.provide({
        actions: {
          listFailed: (_, { message }) => {
            if (message !== '') current.current.notifier.error(current.current.t('documents.fail3'));
          },
          deleted: () => current.current.notifier.success(current.current.t('documents.deleted')),
          deleteFailed: (_, { message }) => {
            if (message !== '') current.current.notifier.error(current.current.t('documents.fail4'));
          },
          reportAnswered: (_, { answer }) => {
            if (answer.kind === 'refused' && answer.message !== '') current.current.notifier.error(current.current.t('documents.fail5'));
          },
          warnEmptyName: () => current.current.notifier.warning(current.current.t('documents.searchError')),
        },
      }),
    [screen],
  );
  const actor = useFreshActor(definition);
  const downloader = useFreshActor(
    useMemo(
      () =>
        download.provide({
          actions: {
            started: () => current.current.notifier.success(current.current.t('documents.downloading')),
            save: (_, { blob, fileName }) => saveFile(blob, fileName),
            refused: () => current.current.notifier.warning(current.current.t('documents.downloadMissing')),
          },
        }),
      [download],
    ),
  );
  const downloading = useSelector(downloader, (s) => s.context.pending?.input.id ?? null);
  const view = useSelector(actor, (s) => ({ ...s.context, loading: s.matches({ list: 'loading' }), deleting: s.hasTag('deleting') }));

  const [nameInput, setNameInput] = useState('');
  const { machines } = view;

  const machineOptions = useMemo(() => (machines ?? []).map((m) => ({ value: m.ordernumber, label: m.name ? `${m.ordernumber} · ${m.name}` : m.ordernumber })), [machines]);

  const hasMachines = (machines?.length ?? 0) > 0;
  const { panel } = view;

  return (
    <Stack gap="5" data-testid="documents-page">
      <SectionHeading title={t('documents.title')} intro={t('documents.intro')} />
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Box w={{ base: 'full', md: '280px' }}>
          <SearchableSelect
            name="orderNumber"
            label={t('documents.machine.label')}
            items={machineOptions}
            value={view.query.orderNumber || null}
            loading={machines === null}
            placeholder={t('documents.machine.all')}
            emptyText={t('documents.machine.none')}
            loadingText={t('documents.loading')}
            onChange={(value) => actor.send({ type: 'filter.order', orderNumber: value ?? '' })}
            size="sm"
            testId="documents-machine"
          />
        </Box>
        <Stack gap="1" flex="1" minW={{ base: 'full', md: '16rem' }}>
          <Text fontSize="sm" color="gray.700" fontWeight="medium">
            {t('documents.name.label')}
          </Text>
          <chakra.form
            display="flex"
            gap="2"
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'filter.name', fileName: nameInput });
            }}
          >
            <Input size="sm" placeholder={t('documents.name.placeholder')} value={nameInput} onChange={(e) => setNameInput(e.currentTarget.value)} data-testid="documents-name" maxLength={180} />
            <Button size="sm" type="submit" colorPalette="blue" data-testid="documents-search">
              {t('documents.search')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setNameInput('');
                actor.send({ type: 'filter.reset' });
              }}
            >
              {t('documents.reset')}
            </Button>
          </chakra.form>
        </Stack>
        <Button size="sm" colorPalette="blue" onClick={() => actor.send({ type: 'upload.open' })} disabled={!hasMachines} data-testid="documents-upload-open">
          {t('documents.uploadButton')}
        </Button>
      </Flex>

      {machines !== null && !hasMachines && (
        <Alert.Root status="info" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{t('documents.noMachines')}</Alert.Title>
        </Alert.Root>
      )}

      <DocumentTable
        documents={view.documents}
        failed={view.failed}
        locale={locale}
        onCam={(doc) => actor.send({ type: 'report.open', report: 'cam', doc })}
        onWork={(doc) => actor.send({ type: 'report.open', report: 'work', doc })}
        downloading={downloading}
        onDownload={(doc) => downloader.send({ type: 'download', input: { id: doc.Id }, name: doc.FileName })}
        onDelete={(doc) => actor.send({ type: 'delete.ask', doc })}
      />
      {view.total > 0 && (
        <TablePager
          page={view.page}
          size={view.size}
          total={view.total}
          sizes={DOCUMENT_PAGE_SIZES}
          busy={view.loading}
          onPage={(page) => actor.send({ type: 'page', page })}
          onSize={(size) => actor.send({ type: 'size', size })}
          testId="documents-pager"
        />
      )}

      <UploadDrawer
        open={panel.kind === 'upload'}
        machines={machines ?? []}
        defaultOrder={view.query.orderNumber || machines?.[0]?.ordernumber || ''}
        onClose={() => actor.send({ type: 'panel.close' })}
        onUploaded={() => actor.send({ type: 'upload.done' })}
      />

      {panel.kind === 'confirm' && (
        <Dialog.Root open role="alertdialog" placement="center" onOpenChange={(d) => !d.open && !view.deleting && actor.send({ type: 'panel.close' })}>
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content mx="3" data-testid="documents-delete-dialog">
                <Dialog.Header>
                  <Dialog.Title>{t('documents.delete.title')}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Text wordBreak="break-all">{t('documents.delete.body', { name: panel.doc.FileName })}</Text>
                </Dialog.Body>
                <Dialog.Footer gap="3">
                  <Button variant="outline" onClick={() => actor.send({ type: 'panel.close' })} disabled={view.deleting}>
                    {t('documents.delete.cancel')}
                  </Button>
                  <Button colorPalette="red" loading={view.deleting} onClick={() => actor.send({ type: 'delete.confirm' })} data-testid="documents-delete-confirm">
                    {t('documents.delete.confirm')}
                  </Button>
                </Dialog.Footer>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      )}

      {panel.kind === 'report' && <ReportDrawer kind={panel.report} doc={panel.doc} answer={panel.answer} locale={locale} onClose={() => actor.send({ type: 'panel.close' })} />}
    </Stack>
  );
}

function DocumentTable(props: {
  documents: DocumentRow[] | null;
  failed: boolean;
  locale: string;
  onCam: (d: DocumentRow) => void;
  onWork: (d: DocumentRow) => void;
  /** The row whose file is on its way (its button spins; the others wait). */
  downloading: string | null;
  onDownload: (d: DocumentRow) => void;
  onDelete: (d: DocumentRow) => void;
}) {
  const t = useT();
  if (props.documents === null) {
    return (
      <Flex align="center" gap="2" color="gray.600" py="6" data-testid="documents-loading">
        <Spinner size="sm" /> {t('documents.loading')}
      </Flex>
    );
  }
  if (props.failed) return <Text color="red.600">{t('documents.fail3')}</Text>;
  if (!props.documents.length) {
    return (
      <Text color="gray.600" py="6" data-testid="documents-empty">
        {t('documents.empty')}
      </Text>
    );
  }
  const wide = { base: 'none', md: 'table-cell' } as const;
  return (
    <Stack gap="2">
      <Table.ScrollArea borderWidth="1px" borderColor="gray.200" borderRadius="lg" maxW="full">
        <Table.Root size="sm" data-testid="documents-table">
          <Table.Header>
            <Table.Row bg="gray.50">
              <Table.ColumnHeader>{t('documents.col.fileName')}</Table.ColumnHeader>
              <Table.ColumnHeader display={wide} whiteSpace="nowrap">{t('documents.col.created')}</Table.ColumnHeader>
              <Table.ColumnHeader display={wide} whiteSpace="nowrap">{t('documents.col.order')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('documents.col.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {props.documents.map((d) => (
              <Table.Row key={d.Id} data-testid="document-row" data-file-name={d.FileName}>
                <Table.Cell minW="9rem" whiteSpace="normal">
                  <Text fontWeight="medium" color="gray.900" wordBreak="break-all">
                    {d.FileName}
                  </Text>
                  <Text fontSize="xs" color="gray.500">
                    {formatSize(d.Size)}
                    <chakra.span display={{ base: 'inline', md: 'none' }}> · {d.OrderNumber}</chakra.span>
                  </Text>
                </Table.Cell>
                <Table.Cell display={wide} whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                  {formatTime(d.CreateTime, props.locale)}
                </Table.Cell>
                <Table.Cell display={wide} whiteSpace="nowrap">
                  {d.OrderNumber}
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <Flex gap="1" justify="flex-end" wrap="wrap">
                    <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => props.onCam(d)} data-testid="document-cam">
                      {t('documents.action.cam')}
                    </Button>
                    <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => props.onWork(d)} data-testid="document-work">
                      {t('documents.action.work')}
                    </Button>
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="blue"
                      onClick={() => props.onDownload(d)}
                      loading={props.downloading === d.Id}
                      disabled={props.downloading !== null && props.downloading !== d.Id}
                      data-testid="document-download"
                    >
                      {t('documents.action.download')}
                    </Button>
                    <Button size="xs" variant="ghost" colorPalette="red" onClick={() => props.onDelete(d)} data-testid="document-delete">
                      {t('documents.action.delete')}
                    </Button>
                  </Flex>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}

function UploadDrawer(props: { open: boolean; machines: MyMachine[]; defaultOrder: string; onClose: () => void; onUploaded: () => void }) {
  const t = useT();
  const notifier = useService(NotifierToken);
  const { upload } = useDocumentsMachines();
  const current = useLatest({ t, notifier, onUploaded: props.onUploaded });
  const definition = useMemo(
    () =>
      upload.provide({
        actions: {
          notifyPlus: () => current.current.notifier.error(current.current.t('documents.fail1')),
          notifyType: (_, { names }) => {
            if (names.length) current.current.notifier.error(current.current.t('documents.fail2', { names: names.join(', ') }));
          },
          uploaded: () => {
            current.current.notifier.success(current.current.t('documents.upload.success'));
            current.current.onUploaded();
          },
          failed: (_, { message }) =>
            current.current.notifier.error(message ? current.current.t('documents.upload.failInfo', { info: message }) : current.current.t('documents.upload.fail')),
        },
      }),
    [upload],
  );
  const actor = useFreshActor(definition, { input: { orderNumber: props.defaultOrder } });
  const state = useSelector(actor, (s) => ({ context: s.context, busy: s.hasTag('busy') }));
  const { files, orderNumber, loaded } = state.context;
  const progress = fileProgress(
    files.map((f) => f.size),
    loaded,
  );
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    if (props.open && !state.context.orderNumber && props.defaultOrder) actor.send({ type: 'order.choose', orderNumber: props.defaultOrder });
  }, [props.open, props.defaultOrder, actor, state.context.orderNumber]);

  const add = useCallback((list: FileList | null) => list && actor.send({ type: 'files.add', files: Array.from(list) }), [actor]);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!state.busy) add(e.dataTransfer.files);
  };
  const close = () => {
    if (state.busy) return;
    actor.send({ type: 'drawer.reset' });
    props.onClose();
  };

  return (
    <Drawer.Root open={props.open} onOpenChange={(d) => !d.open && close()} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={{ base: '100vw', md: '720px' }} w="full" data-testid="documents-upload-drawer">
            <Drawer.Header>
              <Drawer.Title>{t('documents.upload.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="4">
                <Stack gap="1">
                  <Text fontSize="sm" fontWeight="medium">
                    {t('documents.upload.order')}
                  </Text>
                  <NativeSelect.Root size="sm" disabled={state.busy}>
                    <NativeSelect.Field value={orderNumber} onChange={(e) => actor.send({ type: 'order.choose', orderNumber: e.currentTarget.value })} data-testid="documents-upload-order">
                      <option value="">{t('documents.upload.orderPlaceholder')}</option>
                      {props.machines.map((m) => (
                        <option key={m.ordernumber} value={m.ordernumber}>
                          {m.ordernumber} · {m.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Stack>
                <Box
                  as="label"
                  borderWidth="2px"
                  borderStyle="dashed"
                  borderColor={dragging ? 'blue.500' : 'gray.300'}
                  bg={dragging ? 'blue.50' : 'gray.50'}
                  borderRadius="lg"
                  p="6"
                  textAlign="center"
                  cursor={state.busy ? 'not-allowed' : 'pointer'}
                  onDragOver={(e: DragEvent) => {
                    e.preventDefault();
                    setDragging(true);
                  }}
                  onDragLeave={() => setDragging(false)}
                  onDrop={drop}
                  data-testid="documents-drop"
                >
                  <Text fontWeight="medium" color="gray.800">
                    {t('documents.upload.drop')}
                  </Text>
                  <Text fontSize="xs" color="gray.600" mt="1">
                    {t('documents.upload.dropHint')}
                  </Text>
                  <input
                    ref={input}
                    type="file"
                    multiple
                    hidden
                    disabled={state.busy}
                    data-testid="documents-file-input"
                    onChange={(e) => {
                      add(e.currentTarget.files);
                      e.currentTarget.value = '';
                    }}
                  />
                </Box>
                <Stack gap="2" data-testid="documents-upload-list">
                  {files.map((f, i) => (
                    <Box key={`${f.name}-${i}`} borderWidth="1px" borderColor="gray.200" borderRadius="md" px="3" py="2" data-testid="documents-upload-item">
                      <Flex justify="space-between" align="center" gap="2">
                        <Text fontSize="sm" wordBreak="break-all">
                          {f.name} <chakra.span color="gray.500">({formatSize(f.size)})</chakra.span>
                        </Text>
                        {!state.busy && (
                          <Button size="xs" variant="ghost" onClick={() => actor.send({ type: 'file.remove', index: i })}>
                            {t('documents.upload.remove')}
                          </Button>
                        )}
                      </Flex>
                      {state.busy && (
                        <Progress.Root size="xs" value={Math.round((progress[i] ?? 0) * 100)} mt="2" data-testid="documents-upload-progress" data-index={i} data-value={Math.round((progress[i] ?? 0) * 100)}>
                          <Progress.Track>
                            <Progress.Range />
                          </Progress.Track>
                        </Progress.Root>
                      )}
                    </Box>
                  ))}
                </Stack>
              </Stack>
            </Drawer.Body>
            <Drawer.Footer gap="3">
              <Button variant="outline" onClick={close} disabled={state.busy}>
                {t('documents.upload.cancel')}
              </Button>
              <Button
                colorPalette="blue"
                loading={state.busy}
                disabled={!files.length || !orderNumber}
                onClick={() => actor.send({ type: 'form.submit' })}
                data-testid="documents-upload-submit"
              >
                {t('documents.upload.submit')}
              </Button>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" disabled={state.busy} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

type Format = 'text' | 'number' | 'time' | 'duration' | 'percent' | 'yesNo' | 'processType' | 'image';
type Column = [field: string, format: Format];

const TUBE_RUN: Column[] = [
  ['StartTime', 'time'], ['EndTime', 'time'], ['ProcessType', 'processType'], ['IsComplete', 'yesNo'], ['Thickness', 'number'], ['PartCount', 'number'],
  ['UseTubeCount', 'number'], ['PierceCount', 'number'], ['PierceDuration', 'duration'], ['SlicingLength', 'number'], ['SlicingDuration', 'duration'],
  ['IdleLength', 'number'], ['TotalDuration', 'duration'],
];
const PLATE_RUN: Column[] = [
  ['StartTime', 'time'], ['EndTime', 'time'], ['MachineName', 'text'], ['PunchingNum', 'number'], ['CuttingLength', 'number'], ['EmptyLength', 'number'],
  ['ProcessingTime', 'duration'], ['CreateTime', 'time'],
];
const TUBE_REPORT: Column[] = [
  ['ProjectName', 'text'], ['CreateTime', 'time'], ['Material', 'text'], ['TubeInfo', 'text'], ['TubeThickness', 'number'], ['SectionType', 'text'],
  ['SectionInfo', 'text'], ['Gap', 'number'], ['CutLength', 'number'],
];
const NESTS: Column[] = [
  ['Sort', 'number'], ['Name', 'text'], ['Length', 'number'], ['SurplusLength', 'number'], ['PartsCount', 'number'], ['UsedTubeCount', 'number'],
  ['Utilization', 'percent'], ['Count', 'number'], ['CutLength', 'number'], ['AirLength', 'number'], ['PerforationCount', 'number'],
];
const TUBE_PARTS: Column[] = [
  ['ImageFile', 'image'], ['Sort', 'number'], ['Name', 'text'], ['Size', 'text'], ['Weight', 'number'], ['Count', 'number'], ['UsedCount', 'number'], ['SurplusCount', 'number'],
];
const TUBES: Column[] = [['Sort', 'number'], ['Name', 'text'], ['Section', 'text'], ['Length', 'number'], ['Count', 'number'], ['UsedCount', 'number'], ['SurplusCount', 'number']];
const PLATES: Column[] = [
  ['ImageFile', 'image'], ['NestName', 'text'], ['Material', 'text'], ['Thickness', 'number'], ['PlateSize', 'text'], ['PlateCount', 'number'],
  ['UtilizationRate', 'percent'], ['PartsCount', 'number'], ['PerforationCount', 'number'], ['CutLength', 'number'], ['CutTime', 'duration'],
  ['ProcessingTime', 'duration'],
];
const PLATE_PARTS: Column[] = [
  ['PartImageFile', 'image'], ['Code', 'text'], ['Name', 'text'], ['Size', 'text'], ['Count', 'number'], ['Weight', 'number'], ['LayoutQuantity', 'number'],
  ['SurplusQuantity', 'number'], ['PartCutLength', 'number'],
];

function formatTime(value: string, locale: string): string {
  const time = Date.parse(value);
  if (!value || Number.isNaN(time)) return value ?? '';
  return dateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(time);
}

function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${h ? `${h}:` : ''}${pad(m)}:${pad(s % 60)}`;
}

function Cell({ value, format, locale }: { value: unknown; format: Format; locale: string }) {
  const t = useT();
  const n = Number(value);
  switch (format) {
    case 'image':
      return typeof value === 'string' && value ? (
        <Image src={value} alt="" maxH="56px" maxW="96px" bg="white" borderWidth="1px" borderColor="gray.200" borderRadius="sm" loading="lazy" data-testid="cam-image" />
      ) : null;
    case 'time':
      return <>{formatTime(String(value ?? ''), locale)}</>;
    case 'duration':
      return <>{Number.isFinite(n) ? formatDuration(n) : ''}</>;
    case 'percent':
      return <>{Number.isFinite(n) ? `${(n <= 1 ? n * 100 : n).toFixed(1)}%` : ''}</>;
    case 'yesNo':
      return (
        <Badge colorPalette={n === 1 ? 'green' : 'orange'} variant="subtle">
          {t(n === 1 ? 'documents.yes' : 'documents.no')}
        </Badge>
      );
    case 'processType':
      return <>{t(n === 0 ? 'documents.processType.0' : 'documents.processType.1')}</>;
    case 'number':
      return <>{Number.isFinite(n) ? numberFormat(locale, { maximumFractionDigits: 2 }).format(n) : ''}</>;
    default:
      return <>{String(value ?? '')}</>;
  }
}

function RowsTable({ rows, columns, locale, testId }: { rows: Row[]; columns: Column[]; locale: string; testId: string }) {
  const t = useT();
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="gray.200" borderRadius="lg" maxW="full">
      <Table.Root size="sm" data-testid={testId}>
        <Table.Header>
          <Table.Row bg="gray.50">
            {columns.map(([field]) => (
              <Table.ColumnHeader key={field} whiteSpace="nowrap">
                {t(`documents.f.${field}`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, i) => (
            <Table.Row key={i}>
              {columns.map(([field, format]) => (
                <Table.Cell key={field} whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                  <Cell value={row[field]} format={format} locale={locale} />
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function Fields({ row, columns, locale }: { row: Row; columns: Column[]; locale: string }) {
  const t = useT();
  return (
    <chakra.dl display="grid" gridTemplateColumns={{ base: '1fr 1fr', md: 'repeat(3, 1fr)' }} gap="3" data-testid="cam-tube-report">
      {columns.map(([field, format]) => (
        <Box key={field}>
          <Text as="dt" fontSize="xs" color="gray.500">
            {t(`documents.f.${field}`)}
          </Text>
          <Text as="dd" fontWeight="medium">
            <Cell value={row[field]} format={format} locale={locale} />
          </Text>
        </Box>
      ))}
    </chakra.dl>
  );
}

function ReportDrawer({ kind, doc, answer, locale, onClose }: { kind: 'work' | 'cam'; doc: DocumentRow; answer: DocumentReport | null; locale: string; onClose: () => void }) {
  const t = useT();
  const title = t(kind === 'work' ? 'documents.work.title' : 'documents.cam.title', { name: doc.FileName });
  return (
    <Drawer.Root open onOpenChange={(d) => !d.open && onClose()} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={{ base: '100vw', md: '1000px' }} w="full" data-testid={`documents-${kind}-drawer`}>
            <Drawer.Header>
              <Drawer.Title wordBreak="break-all" pe="6">
                {title}
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <ReportBody answer={answer} kind={kind} locale={locale} />
            </Drawer.Body>
            <Drawer.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('documents.report.close')}
              </Button>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function ReportBody({ answer, kind, locale }: { answer: WorkReportAnswer | CamReportAnswer | null; kind: 'work' | 'cam'; locale: string }) {
  const t = useT();
  if (!answer) {
    return (
      <Flex align="center" gap="2" color="gray.600">
        <Spinner size="sm" /> {t('documents.report.loading')}
      </Flex>
    );
  }
  if (answer.kind === 'empty' || answer.kind === 'refused') {
    return (
      <Stack align="center" py="10" gap="1" data-testid="documents-report-empty">
        <Text fontWeight="medium" color="gray.700">
          {t('documents.report.empty')}
        </Text>
        <Text fontSize="sm" color="gray.500">
          {t(kind === 'work' ? 'documents.report.emptyWork' : 'documents.report.emptyCam')}
        </Text>
      </Stack>
    );
  }
  const section = (title: string, body: React.ReactNode) => (
    <Stack gap="2">
      <Heading size="sm">{title}</Heading>
      {body}
    </Stack>
  );
  if ('runs' in answer) {
    return section(
      t(answer.kind === 'tube' ? 'documents.work.tube' : 'documents.work.plate'),
      <RowsTable rows={answer.runs} columns={answer.kind === 'tube' ? TUBE_RUN : PLATE_RUN} locale={locale} testId={`work-${answer.kind}-table`} />,
    );
  }
  if (answer.kind === 'tube') {
    return (
      <Stack gap="6">
        {section(t('documents.cam.tube'), <Fields row={answer.report} columns={TUBE_REPORT} locale={locale} />)}
        {section(t('documents.cam.nests'), <RowsTable rows={answer.nests} columns={NESTS} locale={locale} testId="cam-nests-table" />)}
        {section(t('documents.cam.parts'), <RowsTable rows={answer.parts} columns={TUBE_PARTS} locale={locale} testId="cam-parts-table" />)}
        {section(t('documents.cam.tubes'), <RowsTable rows={answer.tubes} columns={TUBES} locale={locale} testId="cam-tubes-table" />)}
      </Stack>
    );
  }
  return (
    <Stack gap="6">
      {section(t('documents.cam.plate'), <RowsTable rows={answer.reports} columns={PLATES} locale={locale} testId="cam-plates-table" />)}
      {section(t('documents.cam.parts'), <RowsTable rows={answer.parts} columns={PLATE_PARTS} locale={locale} testId="cam-plate-parts-table" />)}
    </Stack>
  );
}
