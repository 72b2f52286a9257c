import { Box, Heading, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { PageFrame } from '../common/page-frame';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { useMaintenanceMachines } from './maintenance-machines';

// Only what a bar chart needs; this page is its own chunk, so chart.js loads with it alone.
Chart.register(BarElement, CategoryScale, LinearScale, Tooltip);

/** `/maintain` (spec 3 "maintenance statistics"): a bar chart of maintenance counts per project (bar width 30). */
export default function MaintainPage() {
  const t = useT();
  const machines = useMaintenanceMachines();
  const actor = useFreshActor(machines.stats);
  const { counts, loaded, error } = useSelector(actor, (s) => s.context);
  const labels = counts.map((c) => c.project);
  const values = counts.map((c) => c.count);
  return (
    <PageFrame backTo="/index/repair" backLabel={t('maintenance.stats.back')}>
      <Stack gap="4" data-testid="maintain-page" data-loaded={loaded}>
        <Box>
          <Heading as="h1" size="xl">
            {t('maintenance.stats.title')}
          </Heading>
          <Text color="gray.600">{t('maintenance.stats.intro')}</Text>
        </Box>
        {error && <Text color="red.600">{error}</Text>}
        {loaded && counts.length === 0 && (
          <Text color="gray.600" data-testid="maintain-empty">
            {t('maintenance.stats.empty')}
          </Text>
        )}
        {counts.length > 0 && (
          <Box bg="white" borderRadius="2xl" borderWidth="1px" borderColor="gray.200" p="4" h="22rem" data-testid="maintain-chart" data-values={values.join(',')}>
            <Bar
              aria-label={t('maintenance.stats.series')}
              data={{ labels, datasets: [{ label: t('maintenance.stats.series'), data: values, barThickness: 30, backgroundColor: '#3182ce' }] }}
              options={{ animation: false, maintainAspectRatio: false, responsive: true, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } }, plugins: { legend: { display: false } } }}
            />
            <VisuallyHidden>
              <table>
                <caption>{t('maintenance.stats.table')}</caption>
                <tbody>
                  {counts.map((c) => (
                    <tr key={c.project}>
                      <th>{c.project}</th>
                      <td>{c.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </VisuallyHidden>
          </Box>
        )}
      </Stack>
    </PageFrame>
  );
}
