import { Alert, Badge, Box, Button, Link } from '@chakra-ui/react';
import { PAGE_SIZES } from '../../domain/reports/paging';
import { LOCALES } from '../i18n/intl';
import { useLanguage, useT } from '../i18n/language-context';
import type { PagedTableViewModel } from './paged-table.selectors';
import { DownloadIcon, EmptyNote, ReportCard } from '../common/report-card';
import { TablePager } from '../common/table-pager';
import { DataTable, type DataColumn } from '../common/data-table';
import type { TableRow } from '../../domain/reports/report-rows';
import type { Cell, Column } from './report-columns';
import type { ReportFormat } from './report-format';
import { LOCAL_TIME_ATTRIBUTE } from '../common/first-screen-markup';

export interface PagedTableViewProps {
  model: PagedTableViewModel;
  columns: readonly Column[];
  title: string;
  hint: string;
  /** The empty state's line ("finished tasks show here..."). */
  emptyBody: string;
  exporting: boolean;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  onRetry: () => void;
  onExport: () => void;
  testId: string;
}

function CellContent({ cell }: { cell: Cell }) {
  if (cell.href) {
    return (
      <Link href={cell.href} target="_blank" rel="noopener noreferrer" color="blue.600" title={cell.href} maxW="14rem" truncate display="inline-block">
        {cell.text}
      </Link>
    );
  }
  if (cell.badge) {
    return (
      <Badge colorPalette={cell.badge} variant="subtle" borderRadius="full" px="2">
        {cell.text}
      </Badge>
    );
  }
  if (cell.time) {
    return (
      <time dateTime={cell.time} {...{ [LOCAL_TIME_ATTRIBUTE]: '' }}>
        {cell.text}
      </time>
    );
  }
  return <>{cell.text}</>;
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;
/** The skeleton's table is no region to scroll: what is wider than the card is cut. */
const HIDDEN_AREA = { overflow: 'hidden', 'aria-hidden': true } as const;

/** A report's columns as the portal's table takes them: numbers at the end, the machine's own words left out of the language check. */
function reportColumns(columns: readonly Column[], format: ReportFormat): DataColumn<TableRow>[] {
  return columns.map((column) => ({
    header: format.t(column.header),
    align: column.numeric ? 'end' : undefined,
    cellStyle: column.nowrap || column.numeric ? NOWRAP : undefined,
    langNeutral: column.machineData,
    cellData: { 'data-field': column.field },
    cell: (row) => <CellContent cell={column.cell(row, format)} />,
  }));
}

/**
 * The pager's height as it wraps in the card (measured in Chromium): three lines on a phone, two
 * from the small breakpoint, one from the middle one (one line already from about 650 px).
 */
const PAGER_HEIGHT = { base: '7.0625rem', sm: '4.3125rem', md: '2.25rem' };

/**
 * The table while its first page loads: the same header, a page of rows of skeleton cells and a
 * hidden pager, so the card is as tall as it will be and the sections below do not move when the
 * rows arrive (issue 23: the task page's layout shift of 0.09 was this card growing).
 */
function LoadingTable({ model, columns, format, label }: Pick<PagedTableViewProps, 'model' | 'columns'> & { format: ReportFormat; label: string }) {
  return (
    <Box aria-busy="true" aria-label={label} role="status">
      {/* One bar per row, not one per cell: each animated skeleton sends the page an
          animationstart event and one per pulse, which React dispatches on the main thread
          (140 on the report table: a 40 ms task on a fast machine, docs/adr/0024). */}
      <DataTable header="strong" columns={reportColumns(columns, format)} rows={[]} rowKey={String} placeholderRows={model.size} area={HIDDEN_AREA} />
      <Box mt="3" h={PAGER_HEIGHT} />
    </Box>
  );
}

/** A paged report table in its card: export button, the rows (scrolling sideways inside the card), the pager. */
export function PagedTableView(props: PagedTableViewProps) {
  const { model, columns, title, hint, emptyBody, exporting, onPage, onSize, onRetry, onExport, testId } = props;
  const t = useT();
  const { language } = useLanguage();
  const format = { t, locale: LOCALES[language] };

  const exportButton = (
    <Button
      size="sm"
      variant="outline"
      bg="white"
      onClick={onExport}
      loading={exporting}
      loadingText={t('reports.export.busy')}
      disabled={model.status !== 'ready'}
      data-testid={`${testId}-export`}
    >
      <DownloadIcon />
      {t('reports.export.csv')}
    </Button>
  );

  return (
    <ReportCard title={title} hint={hint} actions={exportButton} testId={testId} data={{ 'data-status': model.status, 'data-kind': model.kind }}>
      {model.status === 'failed' && (
        <Alert.Root status="warning" borderRadius="lg" alignItems="center" data-testid={`${testId}-failed`}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{model.error ? t('reports.table.failedInfo', { info: model.error }) : t('reports.table.failed')}</Alert.Title>
          </Alert.Content>
          <Button size="sm" variant="outline" bg="white" onClick={onRetry}>
            {t('reports.table.retry')}
          </Button>
        </Alert.Root>
      )}

      {model.status === 'loading' && <LoadingTable model={model} columns={columns} format={format} label={t('reports.table.loading')} />}

      {model.status === 'empty' && <EmptyNote title={t('reports.table.empty.title')} body={emptyBody} testId={`${testId}-empty`} />}

      {model.status === 'ready' && (
        <>
          <DataTable
            label={title}
            header="strong"
            interactive
            reloading={model.reloading}
            rows={model.rows}
            rowKey={(row, index) => String(row.Id ?? `${model.page}-${index}`)}
            rowTestId={`${testId}-row`}
            columns={reportColumns(columns, format)}
          />
          <TablePager
            mt="3"
            page={model.page}
            size={model.size}
            total={model.total}
            shown={model}
            sizes={PAGE_SIZES}
            busy={model.reloading}
            onPage={onPage}
            onSize={onSize}
            testId={`${testId}-pager`}
          />
        </>
      )}
      {model.status === 'idle' && <Box h="8" />}
    </ReportCard>
  );
}
