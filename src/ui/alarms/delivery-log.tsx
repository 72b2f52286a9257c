import { Badge, Text } from '@chakra-ui/react';
import type { Delivery } from '../../domain/alarms/notify-settings.machine';
import { DataTable } from '../common/data-table';
import { localDateTime } from '../common/local-time';
import { useT } from '../i18n/language-context';
import { noticeWhat } from './notice-words';
import { SettingsCard } from './settings-card';

const STATUS_PALETTE = { sent: 'green', pending: 'orange', failed: 'red' } as const;

/** The notifications sent about the caller's machines: each message, its channel, tries and result. */
export function DeliveryLog({ rows }: { rows: Delivery[] }) {
  const t = useT();
  return (
    <SettingsCard title={t('alarms.log.title')} testId="alarms-log">
      {rows.length === 0 ? (
        <Text color="gray.600" data-testid="alarms-log-empty">
          {t('alarms.log.empty')}
        </Text>
      ) : (
        <DataTable
          label={t('alarms.log.list')}
          testId="alarms-log-table"
          rowTestId="alarms-log-row"
          rowData={(d) => ({ 'data-status': d.status, 'data-channel': d.channel })}
          rows={rows}
          rowKey={(d) => d.id}
          columns={[
            { header: t('alarms.log.time'), cell: (d) => localDateTime(d.at), langNeutral: true },
            { header: t('alarms.log.machine'), cell: (d) => d.machineName || d.orderNumber, langNeutral: true },
            { header: t('alarms.log.what'), cell: (d) => noticeWhat(t, d) },
            { header: t('alarms.log.channel'), cell: (d) => t(`alarms.log.channel.${d.channel}`) },
            { header: t('alarms.log.target'), cell: (d) => d.target || '—', langNeutral: true, hideOnPhone: true, maxWidth: '16rem', cellStyle: { overflow: 'hidden', textOverflow: 'ellipsis' } },
            { header: t('alarms.log.status'), cell: (d) => <Badge colorPalette={STATUS_PALETTE[d.status]}>{t(`alarms.log.status.${d.status}`)}</Badge> },
            { header: t('alarms.log.attempts'), cell: (d) => (d.channel === 'bell' ? '—' : d.attempts), align: 'end', hideOnPhone: true },
          ]}
        />
      )}
    </SettingsCard>
  );
}
