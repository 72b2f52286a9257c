import { Badge, Box, Button, chakra, CloseButton, Drawer, Flex, Heading, Image, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import type { CamReportAnswer, DocumentReport, DocumentRow, Row, WorkReportAnswer } from '../../domain/documents/document-rows';
import { DataTable } from '../common/data-table';
import { useT } from '../i18n/language-context';
import { dateTimeFormat, numberFormat } from '../common/intl-formats';

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

/** A wire time in the page's locale (the table shows it too). */
export function formatTime(value: string, locale: string): string {
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
    <DataTable
      testId={testId}
      rows={rows}
      rowKey={(_, i) => i}
      columns={columns.map(([field, format]) => ({ header: t(`documents.f.${field}`), cell: (row: Row) => <Cell value={row[field]} format={format} locale={locale} /> }))}
    />
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

/** A document's work report or CAM report drawer (1000), tube or plate, with the spec's columns. */
export function ReportDrawer({ kind, doc, answer, locale, onClose }: { kind: 'work' | 'cam'; doc: DocumentRow; answer: DocumentReport | null; locale: string; onClose: () => void }) {
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
