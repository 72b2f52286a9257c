import { ScrollRegion } from '../common/scroll-region';
import { Box, Skeleton, Table, Text } from '@chakra-ui/react';
import { BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useSelector } from '@xstate/react';
import { Bar } from 'react-chartjs-2';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { useStaffMachines } from './staff-machines';
import { LoadFailed, StaffCard, StaffOnlyNote } from './staff-parts';

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
          <ScrollRegion label={t('staff.downloads.title')} mt="4">
            <Table.Root size="sm" data-testid="downloads-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('staff.downloads.release')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('staff.downloads.users')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('staff.downloads.visitors')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('staff.downloads.direct')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('staff.downloads.total')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((r) => (
                  <Table.Row key={r.id} data-testid="downloads-row">
                    <Table.Cell data-lang-neutral="">
                      {r.product} {r.version}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{r.users}</Table.Cell>
                    <Table.Cell textAlign="end">{r.visitors}</Table.Cell>
                    <Table.Cell textAlign="end">{r.direct}</Table.Cell>
                    <Table.Cell textAlign="end">{r.total}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </ScrollRegion>
        </>
      )}
    </StaffCard>
  );
}
