import { Alert, Box, Button, Flex, Heading, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { AlarmLinks } from '../common/alarm-links';
import { alarmWords } from '../../domain/telemetry/alarm-catalogue';
import { useRef, useState } from 'react';
import type { DayRange } from '../../domain/reports/day-range';
import type { TaskTotals } from '../../domain/reports/report-rows';
import { LOCALES } from '../i18n/intl';
import { useLanguage, useT } from '../i18n/language-context';
import { LineChart, type LineChartRef } from './line-chart';
import { RangePicker } from './range-picker';
import { DownloadIcon, EmptyNote, ReportCard } from '../common/report-card';
import { DataTable } from '../common/data-table';
import { formatAmount, formatSeconds, formatShortDay, formatWhen } from './report-format';
import type { ChartModel, StatisticsViewModel } from './statistics.selectors';

export type ChartName = 'tasks' | 'alarms';

export interface StatisticsViewProps {
  model: StatisticsViewModel;
  /** How the machine is named in a PNG's title. */
  machineLabel: string;
  /** The machine's order number, for the alarm links (fault article, report this fault). */
  orderNumber?: string;
  exportingAlarms: boolean;
  onRange: (range: DayRange) => void;
  onReset: () => void;
  onRetry: () => void;
  onExportAlarms: () => void;
  onSaveChart: (chart: ChartName, range: DayRange, png: Blob) => void;
}

const CHART_COLORS: Record<ChartName, { color: string; fillColor: string }> = {
  tasks: { color: '#2563eb', fillColor: 'rgba(37, 99, 235, 0.12)' },
  alarms: { color: '#dc2626', fillColor: 'rgba(220, 38, 38, 0.10)' },
};

function StatTile({ label, value, help, testId }: { label: string; value: string; help?: string; testId: string }) {
  return (
    <Stat.Root bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" boxShadow="xs" px="4" py="3" minW="0" data-testid={testId}>
      <Stat.Label color="gray.600" fontSize="sm">
        {label}
      </Stat.Label>
      <Stat.ValueText fontSize={{ base: 'xl', md: '2xl' }} color="gray.900" fontVariantNumeric="tabular-nums" truncate>
        {value}
      </Stat.ValueText>
      {help && (
        <Stat.HelpText as="dd" color="gray.500" fontSize="xs" mb="0">
          {help}
        </Stat.HelpText>
      )}
    </Stat.Root>
  );
}

function Totals({ totals, loading, failed }: { totals: TaskTotals | null; loading: boolean; failed: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALES[language];
  if (!totals) {
    if (failed) return null; // the tasks chart says why
    return (
      <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="3" aria-busy={loading}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h="5.5rem" borderRadius="xl" />
        ))}
      </SimpleGrid>
    );
  }
  const hours = totals.RunHours + totals.IdleHours + totals.OfflineHours;
  const utilisation = totals.Utilisation === null ? '—' : t('reports.unit.percent', { value: formatAmount(totals.Utilisation * 100, 1, locale) });
  return (
    <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="3" data-testid="stats-totals">
      <StatTile testId="total-tasks" label={t('reports.totals.tasks')} value={formatAmount(totals.TaskCount, 0, locale)} />
      <StatTile
        testId="total-cutting-length"
        label={t('reports.totals.cuttingLength')}
        value={t('reports.unit.m', { value: formatAmount(totals.CuttingLength, 1, locale) })}
      />
      <StatTile testId="total-processing-time" label={t('reports.totals.processingTime')} value={formatSeconds(totals.ProcessingTime, t)} />
      <StatTile testId="total-pierces" label={t('reports.totals.pierces')} value={formatAmount(totals.PierceCount, 0, locale)} />
      <StatTile
        testId="total-utilisation"
        label={t('reports.totals.utilisation')}
        value={utilisation}
        help={
          hours > 0
            ? t('reports.totals.utilisationHint', { run: formatAmount(totals.RunHours, 1, locale), total: formatAmount(hours, 1, locale) })
            : t('reports.totals.noTime')
        }
      />
    </SimpleGrid>
  );
}

function ChartCard({ name, chart, machineLabel, busy, onRetry, onSave }: {
  name: ChartName;
  chart: ChartModel;
  machineLabel: string;
  busy: boolean;
  onRetry: () => void;
  onSave: (png: Blob) => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALES[language];
  const ref = useRef<LineChartRef>(null);
  const [saving, setSaving] = useState(false);
  const title = t(`reports.chart.${name}`);

  const save = async () => {
    setSaving(true);
    try {
      const png = await ref.current?.toPng(t('reports.chart.pngTitle', { title, machine: machineLabel, start: chart.range.start, end: chart.range.end }));
      if (png) onSave(png);
    } finally {
      setSaving(false);
    }
  };

  const button = (
    <Button size="sm" variant="outline" bg="white" onClick={save} loading={saving} disabled={chart.state !== 'ready'} data-testid={`chart-${name}-png`}>
      <DownloadIcon />
      {t('reports.export.png')}
    </Button>
  );

  return (
    <ReportCard title={title} actions={button} testId={`chart-${name}`} data={{ 'data-state': chart.state }}>
      <Box opacity={busy ? 0.6 : 1} transition="opacity 0.2s" aria-busy={busy}>
        {chart.state === 'loading' && <Skeleton h="16rem" borderRadius="lg" aria-label={t('reports.chart.loading')} />}
        {chart.state === 'failed' && (
          <Alert.Root status="warning" borderRadius="lg" alignItems="center" data-testid={`chart-${name}-failed`}>
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{chart.error ? t('reports.chart.failed', { info: chart.error }) : t('reports.chart.failedPlain')}</Alert.Title>
            </Alert.Content>
            <Button size="sm" variant="outline" bg="white" onClick={onRetry}>
              {t('reports.chart.retry')}
            </Button>
          </Alert.Root>
        )}
        {chart.state === 'empty' && (
          <Flex h="16rem" align="center" justify="center">
            <EmptyNote body={t(`reports.chart.empty.${name}`)} testId={`chart-${name}-empty`} />
          </Flex>
        )}
        {chart.state === 'ready' && (
          <LineChart
            ref={ref}
            labels={chart.days.map((day) => formatShortDay(day, locale))}
            values={chart.values}
            label={t(`reports.chart.${name}Series`)}
            labelHeader={t('reports.chart.day')}
            ariaLabel={title}
            testId={`chart-${name}-canvas`}
            {...CHART_COLORS[name]}
          />
        )}
      </Box>
    </ReportCard>
  );
}

// On phones the list is part of the page: a box that scrolls inside a scrolling page traps the thumb.
const ALARMS_AREA = { maxH: { base: 'none', md: '20rem' }, overflowY: { base: 'visible', md: 'auto' } } as const;

function LatestAlarms({ model, exporting, onExport, orderNumber }: { model: StatisticsViewModel; exporting: boolean; onExport: () => void; orderNumber?: string }) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALES[language];
  const state = model.alarms.state;
  const counted = state === 'ready' || state === 'empty';
  const shown = model.latest.length;
  // The server sends the latest 100: say so when the period had more.
  const hint = !counted
    ? undefined
    : shown < model.alarmCount
      ? `${t('reports.alarms.count', { count: model.alarmCount })} · ${t('reports.alarms.showing', { shown })}`
      : t('reports.alarms.count', { count: model.alarmCount });
  const button = (
    <Button
      size="sm"
      variant="outline"
      bg="white"
      onClick={onExport}
      loading={exporting}
      loadingText={t('reports.export.busy')}
      disabled={model.latest.length === 0}
      data-testid="alarms-export"
    >
      <DownloadIcon />
      {t('reports.export.csv')}
    </Button>
  );
  return (
    <ReportCard title={t('reports.alarms.title')} hint={hint} actions={button} testId="latest-alarms" data={{ 'data-count': model.alarmCount }}>
      {state === 'loading' && <Skeleton h="8rem" borderRadius="lg" />}
      {state !== 'loading' && model.latest.length === 0 && state !== 'failed' && <EmptyNote body={t('reports.alarms.empty')} testId="alarms-empty" />}
      {state === 'failed' && (
        <Text fontSize="sm" color="gray.600">
          {model.alarms.error ? t('reports.chart.failed', { info: model.alarms.error }) : t('reports.chart.failedPlain')}
        </Text>
      )}
      {model.latest.length > 0 && (
        <DataTable
          label={t('reports.alarms.title')}
          area={ALARMS_AREA}
          stickyHeader
          rows={model.latest.map((alarm) => ({ alarm, words: alarmWords(language, alarm.ErrorType, alarm.ErrorContent) }))}
          rowKey={({ alarm }, index) => `${alarm.ErrorDate}-${index}`}
          rowTestId="alarm-row"
          columns={[
            { header: t('reports.alarms.col.ErrorDate'), cell: ({ alarm }) => formatWhen(alarm.ErrorDate, locale) },
            { header: t('reports.alarms.col.ErrorType'), cell: ({ words }) => words.type || '—' },
            {
              header: t('reports.alarms.col.ErrorContent'),
              minWidth: '16rem',
              cell: ({ alarm, words }) => (
                <>
                  {words.text || '—'}
                  {orderNumber && <AlarmLinks orderNumber={orderNumber} type={alarm.ErrorType} content={alarm.ErrorContent} />}
                </>
              ),
            },
          ]}
        />
      )}
    </ReportCard>
  );
}

/** The statistics of the chosen machine: the range, the period's totals, tasks and alarms per day, the latest alarms. */
export function StatisticsView({ model, machineLabel, orderNumber, exportingAlarms, onRange, onReset, onRetry, onExportAlarms, onSaveChart }: StatisticsViewProps) {
  const t = useT();
  return (
    <Stack gap={{ base: 4, md: 5 }} data-testid="statistics" data-status={model.status} data-range={`${model.range.start}/${model.range.end}`}>
      <Flex direction={{ base: 'column', lg: 'row' }} justify="space-between" align={{ base: 'stretch', lg: 'flex-end' }} gap="3">
        <Stack gap="0.5">
          <Heading as="h2" fontSize={{ base: 'lg', md: 'xl' }} color="gray.900">
            {t('reports.stats.title')}
          </Heading>
          <Text fontSize="sm" color="gray.600">
            {t('reports.stats.hint')}
          </Text>
        </Stack>
        <RangePicker draft={model.draft} today={model.today} endMin={model.endMin} error={model.rangeError} onChange={onRange} onReset={onReset} />
      </Flex>
      <Totals totals={model.totals} loading={model.busy} failed={model.tasks.state === 'failed'} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: 4, md: 5 }}>
        <ChartCard
          name="tasks"
          chart={model.tasks}
          machineLabel={machineLabel}
          busy={model.busy}
          onRetry={onRetry}
          onSave={(png) => onSaveChart('tasks', model.tasks.range, png)}
        />
        <ChartCard
          name="alarms"
          chart={model.alarms}
          machineLabel={machineLabel}
          busy={model.busy}
          onRetry={onRetry}
          onSave={(png) => onSaveChart('alarms', model.alarms.range, png)}
        />
      </SimpleGrid>
      <LatestAlarms model={model} exporting={exportingAlarms} onExport={onExportAlarms} orderNumber={orderNumber} />
    </Stack>
  );
}
