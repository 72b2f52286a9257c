import { Box, Button, Flex, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { BarController, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip, type ChartData, type ChartOptions, type Plugin } from 'chart.js';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { Bar } from 'react-chartjs-2';
import { NotifierToken } from '../../ports/tokens';
import { PageFrame } from '../common/page-frame';
import { saveFile } from '../common/save-file';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useLanguage, useT } from '../i18n/language-context';
import { paths } from '../shell/paths';
import { useRepairMachines } from './repair-machines';
import { useLatest } from '../common/use-latest';

ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** Spec 3 section 9: bars 30 px wide. */
export const BAR_WIDTH = 30;
const COLOURS = ['#2563eb', '#f97316', '#16a34a', '#9333ea', '#dc2626', '#0891b2', '#ca8a04', '#db2777', '#4b5563', '#65a30d', '#7c3aed', '#0d9488', '#b45309', '#be123c'];

const whiteBackground: Plugin<'bar'> = {
  id: 'repairWhiteBackground',
  beforeDraw(chart) {
    const { ctx } = chart;
    ctx.save();
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, chart.width, chart.height);
    ctx.restore();
  },
};

const options = (stacked: boolean): ChartOptions<'bar'> => ({
  responsive: true,
  maintainAspectRatio: false,
  animation: false,
  plugins: { legend: { display: stacked, position: 'bottom' } },
  scales: { x: { stacked, ticks: { autoSkip: true } }, y: { stacked, beginAtZero: true, ticks: { precision: 0 } } },
});

function ChartCard(props: { title: string; testId: string; actions?: React.ReactNode; children: React.ReactNode; empty: boolean }) {
  const t = useT();
  return (
    <Stack bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p={{ base: 3, md: 5 }} gap="3" data-testid={props.testId}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading size="md">{props.title}</Heading>
        <Flex gap="2" wrap="wrap">
          {props.actions}
        </Flex>
      </Flex>
      {props.empty ? (
        <Text color="gray.600" py="10" textAlign="center" data-testid={`${props.testId}-empty`}>
          {t('repair.summary.empty')}
        </Text>
      ) : (
        <Box h={{ base: '64', md: '80' }} position="relative">
          {props.children}
        </Box>
      )}
    </Stack>
  );
}

/** `/Summary`: fault counts per spare part and over time (per month) with the part selector, drawn with react-chartjs-2. */
export default function SummaryScreen() {
  const t = useT();
  const { language } = useLanguage();
  const notifier = useService(NotifierToken);
  const machines = useRepairMachines();
  // The machine keeps the actions of its first render; they read the current texts here.
  const translate = useLatest(t);
  const definition = useMemo(
    () =>
      machines.faultSummary.provide({
        actions: {
          notifyPartsFailed: () => notifier.error(translate.current('repair.summary.partsFailed')),
          notifyCountFailed: () => notifier.error(translate.current('repair.summary.countFailed')),
          notifyDateFailed: () => notifier.error(translate.current('repair.summary.dateFailed')),
        },
      }),
    [machines.faultSummary, notifier],
  );
  const summary = useFreshActor(definition, { input: { language } });
  const { parts, perPart, months, partId } = useSelector(summary, (s) => s.context);
  useEffect(() => summary.send({ type: 'language.change', language }), [summary, language]);
  const partChart = useRef<ChartJS<'bar'> | null>(null);
  const monthChart = useRef<ChartJS<'bar'> | null>(null);

  const partData: ChartData<'bar'> = {
    labels: perPart.map((p) => p.name),
    datasets: [{ label: t('repair.summary.count'), data: perPart.map((p) => p.count), backgroundColor: '#2563eb', barThickness: BAR_WIDTH, borderRadius: 4 }],
  };
  const names = [...new Set(months.flatMap((m) => m.counts.map((c) => c.name)))];
  const monthData: ChartData<'bar'> = {
    labels: months.map((m) => m.date),
    datasets: names.map((name, i) => ({
      label: name,
      data: months.map((m) => m.counts.find((c) => c.name === name)?.count ?? 0),
      backgroundColor: COLOURS[i % COLOURS.length],
      barThickness: BAR_WIDTH,
    })),
  };

  const png = (chart: ChartJS<'bar'> | null, name: string) => {
    const canvas = chart?.canvas;
    canvas?.toBlob((blob) => blob && saveFile(blob, `${name}.png`), 'image/png');
  };
  const exportButton = (chart: React.RefObject<ChartJS<'bar'> | null>, name: string, testId: string) => (
    <Button size="sm" variant="outline" onClick={() => png(chart.current, name)} data-testid={testId}>
      {t('repair.summary.png')}
    </Button>
  );

  return (
    <PageFrame backTo={paths.section('repair')} backLabel={t('repair.back')} width="6xl">
      <Stack gap="5" data-testid="summary-page">
        <Heading size="xl">{t('repair.summary.title')}</Heading>
        <ChartCard title={t('repair.summary.perPart')} testId="summary-parts" empty={!perPart.length} actions={exportButton(partChart, 'faults-per-part', 'summary-parts-png')}>
          <Bar ref={partChart} data={partData} options={options(false)} plugins={[whiteBackground]} data-testid="summary-parts-chart" aria-label={perPart.map((p) => `${p.name}: ${p.count}`).join(', ')} role="img" />
        </ChartCard>
        <ChartCard
          title={t('repair.summary.perMonth')}
          testId="summary-months"
          empty={!months.length}
          actions={
            <>
              <NativeSelect.Root size="sm" width="56">
                <NativeSelect.Field
                  aria-label={t('repair.drawer.part')}
                  value={partId === null ? '' : String(partId)}
                  onChange={(e) => summary.send({ type: 'part.choose', partId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
                  data-testid="summary-part"
                >
                  <option value="">{t('repair.summary.allParts')}</option>
                  {parts.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {exportButton(monthChart, 'faults-over-time', 'summary-months-png')}
            </>
          }
        >
          <Bar ref={monthChart} data={monthData} options={options(true)} plugins={[whiteBackground]} role="img" aria-label={months.map((m) => `${m.date}: ${m.counts.reduce((n, c) => n + c.count, 0)}`).join(', ')} />
        </ChartCard>
      </Stack>
    </PageFrame>
  );
}
