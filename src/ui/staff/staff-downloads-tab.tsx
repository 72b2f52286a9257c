import { Box, Skeleton, Text } from '@chakra-ui/react';
import { BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useSelector } from '@xstate/react';
import { Bar } from 'react-chartjs-2';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { useStaffMachines } from './staff-machines';
import { LoadFailed, StaffCard, StaffOnlyNote } from './staff-parts';
import { StaffTable } from './staff-table';

// Only what a stacked bar chart needs; this module is the downloads tab's own chunk.
Chart.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** `/staff/downloads`: downloads per CAM release (Cam/GetDownloads) as a stacked bar chart and a table. */
export default function StaffDownloadsTab() {
  const t = useT();
  // Every release on one page: the list machine of the staff tabs, with no filter.
  const list = useFreshActor(useStaffMachines().downloads, { input: { filter: null, size: 100 } });
  const snapshot = useSelector(list, (s) => s);
  if (snapshot.matches('forbidden')) return <StaffOnlyNote />;
  const state = { kind: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready', message: snapshot.context.message };
  const rows = state.kind === 'ready' ? snapshot.context.rows : [];
  const labels = rows.map((r) => `${r.product} ${r.version}`);
  const series = [
    { key: 'users', color: '#2563eb' },
    { key: 'visitors', color: '#f59e0b' },
    { key: 'direct', color: '#10b981' },
  ] as const;
  return (
    <StaffCard title={t('staff.downloads.title')}>
      {state.kind === 'failed' && <LoadFailed message={state.message} onRetry={() => list.send({ type: 'reload' })} />}
      {state.kind === 'loading' && <Skeleton height="16rem" />}
      {state.kind === 'ready' && rows.length === 0 && <Text color="gray.600">{t('staff.downloads.none')}</Text>}
      {rows.length > 0 && (
        <>
          <Box h={{ base: '14rem', md: '18rem' }} data-testid="downloads-chart" data-labels={labels.join('|')} data-totals={rows.map((r) => r.total).join(',')}>
            <Bar
              data={{ labels, datasets: series.map((s) => ({ label: t(`staff.downloads.${s.key}`), data: rows.map((r) => r[s.key]), backgroundColor: s.color })) }}
              options={{ responsive: true, maintainAspectRatio: false, scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } } }}
              aria-label={t('staff.downloads.title')}
            />
          </Box>
          <StaffTable
            label={t('staff.downloads.title')}
            area={{ mt: '4' }}
            testId="downloads-table"
            rows={rows}
            rowKey={(r) => r.id}
            rowTestId="downloads-row"
            columns={[
              { header: t('staff.downloads.release'), cell: (r) => `${r.product} ${r.version}`, langNeutral: true },
              { header: t('staff.downloads.users'), cell: (r) => r.users, align: 'end' },
              { header: t('staff.downloads.visitors'), cell: (r) => r.visitors, align: 'end' },
              { header: t('staff.downloads.direct'), cell: (r) => r.direct, align: 'end' },
              { header: t('staff.downloads.total'), cell: (r) => r.total, align: 'end' },
            ]}
          />
        </>
      )}
    </StaffCard>
  );
}
