import { Alert, Box, Button, Flex, Grid, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { MaintenanceDueFor } from '../common/maintenance-due';
import { AlarmLinks } from '../common/alarm-links';
import { alarmWords } from '../../domain/telemetry/alarm-catalogue';
import type { ReactNode } from 'react';
import { LOCALES } from '../i18n/intl';
import { useLanguage, useT } from '../i18n/language-context';
import { AxesPanel } from './axes-panel';
import { formatDateTime, formatDuration, formatNumber } from './format';
import { Gauge } from './gauge';
import type { LiveDeviceViewModel, MonitorFormat } from './live-device.selectors';
import { MachineArt } from './machine-art';
import { LiveIndicator, StateBadge } from './state-badge';

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Stack
      as="section"
      gap="4"
      bg="white"
      borderRadius="2xl"
      borderWidth="1px"
      borderColor="gray.200"
      boxShadow="xs"
      p={{ base: 4, md: 5 }}
      minW="0"
      data-testid={testId}
    >
      <Heading as="h2" fontSize="md" color="gray.900">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** A labelled value, cut with an ellipsis when too long; `wrap` lets it take more lines instead (times, whose end matters). */
/** `neutral`: a value in no language of ours (a code, a person's name), left out of the page's language check. */
function Fact({ label, value, mono, neutral, wrap, testId }: { label: string; value: string; mono?: boolean; neutral?: boolean; wrap?: boolean; testId?: string }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontSize="xs" color="gray.500" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Text fontWeight="semibold" color="gray.800" fontFamily={mono ? 'mono' : undefined} truncate={!wrap} title={value} data-testid={testId} data-lang-neutral={mono || neutral ? '' : undefined}>
        {value || '—'}
      </Text>
    </Stack>
  );
}

function Stat({ label, value, unit, testId }: { label: string; value: string; unit?: string; testId?: string }) {
  return (
    <Stack gap="0.5" bg="gray.50" borderRadius="lg" px="3" py="2.5" minW="0">
      <Text fontSize="xs" color="gray.500" truncate title={label}>
        {label}
      </Text>
      <Text fontSize="lg" fontWeight="semibold" color="gray.900" fontVariantNumeric="tabular-nums" truncate data-testid={testId}>
        {value}
        {unit && (
          <Box as="span" fontSize="xs" color="gray.500" fontWeight="normal" ms="1">
            {unit}
          </Box>
        )}
      </Text>
    </Stack>
  );
}

// A plain bar rather than Chakra's Progress: the portal's Chakra system carries only the recipes it needs.
function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      h="3"
      bg="gray.100"
      borderRadius="full"
      overflow="hidden"
    >
      <Box h="full" w={`${percent}%`} bgGradient="to-r" gradientFrom="blue.500" gradientTo="blue.400" borderRadius="full" transition="width 0.6s ease" />
    </Box>
  );
}

export interface LiveDeviceViewProps {
  model: LiveDeviceViewModel;
  onRetryInfo: () => void;
}

/** A device detail page: the machine, its state, the task, the monitor values, the gauges and the axes. */
export function LiveDeviceView({ model, onRetryInfo }: LiveDeviceViewProps) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALES[language];
  const { info, task } = model;
  const muted = !model.live;
  const name = info.name || (info.status === 'ready' ? t('devices.live.unknownName') : model.orderNumber);
  const show = (value: number, format: MonitorFormat) =>
    format.kind === 'duration' ? { value: formatDuration(value, t) } : { value: formatNumber(value, format.decimals, locale), unit: format.unit };

  return (
    <Stack gap={{ base: 4, md: 6 }} data-testid="live-device" data-table={model.table} data-kind={model.kind} data-live={String(model.live)}>
      <Flex
        direction={{ base: 'column', md: 'row' }}
        bg="white"
        borderRadius="2xl"
        borderWidth="1px"
        borderColor="gray.200"
        boxShadow="xs"
        overflow="hidden"
      >
        <Flex
          align="center"
          justify="center"
          px="6"
          py={{ base: 3, md: 5 }}
          w={{ base: 'full', md: '18rem' }}
          flexShrink={0}
          bgGradient="to-br"
          gradientFrom="gray.50"
          gradientTo="gray.100"
        >
          <MachineArt kind={model.kind} height={130} />
        </Flex>
        <Flex flex="1" direction={{ base: 'column', lg: 'row' }} gap="4" p={{ base: 4, md: 6 }} minW="0">
          <Stack flex="1" gap="3" minW="0">
            <Flex gap="3" align="center" wrap="wrap">
              <LiveIndicator live={model.live} />
              <Text fontSize="sm" color="gray.500" data-testid="link-status" data-link={model.link}>
                {t(`devices.live.link.${model.link}`)}
              </Text>
            </Flex>
            {info.status === 'loading' ? (
              <Skeleton h="8" w="60%" />
            ) : (
              <Heading as="h1" fontSize={{ base: 'xl', md: '2xl' }} color="gray.900" lineClamp={2} data-testid="device-name" data-lang-neutral="">
                {name}
              </Heading>
            )}
            <MaintenanceDueFor orderNumber={model.orderNumber} />
            <Grid templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' }} gap="3">
              <Fact label={t('devices.live.orderNumber')} value={model.orderNumber} mono testId="device-order-number" />
              <Fact label={t('devices.live.series')} value={info.series} testId="device-series" />
              <Fact label={t('devices.live.kind')} value={t(`devices.kind.${model.kind}`)} testId="device-kind" />
              <Fact label={t('devices.live.equipmentId')} value={info.equipmentId} />
              <Fact label={t('devices.live.boundBy')} value={info.boundByName} neutral testId="device-bound-by" />
            </Grid>
          </Stack>
          <Stack gap="2" align={{ base: 'flex-start', lg: 'flex-end' }} flexShrink={0}>
            <StateBadge badge={model.badge} code={model.stateCode} />
            {model.updatedAt && model.live && (
              <Text fontSize="xs" color="gray.500" data-testid="updated-at">
                {t('devices.live.updatedAt', { time: formatDateTime(model.updatedAt, locale) })}
              </Text>
            )}
          </Stack>
        </Flex>
      </Flex>

      {info.status === 'notFound' && (
        <Alert.Root status="warning" borderRadius="lg" data-testid="device-not-found">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{t('devices.live.notFound')}</Alert.Title>
        </Alert.Root>
      )}
      {info.status === 'failed' && (
        <Alert.Root status="warning" borderRadius="lg" alignItems="center" data-testid="device-info-failed">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal" flex="1">
            {info.error ? t('devices.live.infoFailed', { info: info.error }) : t('devices.live.infoFailedPlain')}
          </Alert.Title>
          <Button size="sm" variant="outline" bg="white" onClick={onRetryInfo}>
            {t('devices.live.retry')}
          </Button>
        </Alert.Root>
      )}
      {model.problem && (
        <Alert.Root status="warning" borderRadius="lg" data-testid="live-problem">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{t(model.problem.id, model.problem.values)}</Alert.Title>
        </Alert.Root>
      )}
      {model.alarm && <LiveAlarm orderNumber={model.orderNumber} type={model.alarm.type} content={model.alarm.content} />}

      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' }} gap={{ base: 4, md: 6 }} alignItems="start">
        <Stack gap={{ base: 4, md: 6 }} minW="0">
          <Card title={t('devices.task.title')} testId="task">
            {task.running ? (
              <Stack gap="4">
                <Grid templateColumns={{ base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }} gap="3">
                  <Fact label={t('devices.task.name')} value={task.name} testId="task-name" />
                  <Fact label={t('devices.task.file')} value={task.file} mono testId="task-file" />
                </Grid>
                <Stack gap="1.5">
                  <Flex justify="space-between" fontSize="sm">
                    <Text color="gray.600">{t('devices.task.progress')}</Text>
                    <Text fontWeight="semibold" color="gray.900" fontVariantNumeric="tabular-nums" data-testid="task-progress">
                      {formatNumber(task.progress, 0, locale)}%
                    </Text>
                  </Flex>
                  <ProgressBar value={task.progress} label={t('devices.task.progress')} />
                </Stack>
                <Grid templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' }} gap="3">
                  <Fact label={t('devices.task.start')} value={formatDateTime(task.start, locale)} wrap />
                  <Fact label={t('devices.task.end')} value={formatDateTime(task.end, locale)} wrap />
                  <Fact
                    label={t('devices.task.parts')}
                    value={t('devices.task.partsValue', { completed: task.completed, planned: task.planned })}
                    testId="task-parts"
                  />
                </Grid>
              </Stack>
            ) : (
              <Text color="gray.500" data-testid="task-none">
                {t('devices.task.none')}
              </Text>
            )}
          </Card>
          <Card title={t('devices.monitor.title')} testId="monitor">
            <SimpleGrid columns={{ base: 2, sm: 3, xl: 4 }} gap="2.5">
              {model.monitor.map(({ key, value, format }) => (
                <Stat key={key} label={t(`devices.monitor.${key}`)} {...show(value, format)} testId={`monitor-${key}`} />
              ))}
            </SimpleGrid>
          </Card>
        </Stack>
        <Stack gap={{ base: 4, md: 6 }} minW="0">
          <Card title={t('devices.gauges.title')} testId="gauges">
            <SimpleGrid columns={3} gap={{ base: 1, md: 3 }}>
              {model.gauges.map((gauge) => (
                <Stack key={gauge.key} gap="1" align="center" minW="0">
                  <Gauge
                    label={t(`devices.gauge.${gauge.key}`)}
                    value={gauge.value}
                    max={gauge.max}
                    unit={gauge.unit}
                    fraction={gauge.fraction}
                    valueText={formatNumber(gauge.value, gauge.max >= 1000 ? 0 : 1, locale)}
                    maxText={formatNumber(gauge.max, 0, locale)}
                    muted={muted}
                    testId={`gauge-${gauge.key}`}
                  />
                  <Text fontSize="sm" fontWeight="medium" color="gray.700" textAlign="center">
                    {t(`devices.gauge.${gauge.key}`)}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Card>
          <Card title={t('devices.axes.title')} testId="axes">
            <AxesPanel axes={model.axes} kind={model.kind} locale={locale} muted={muted} />
          </Card>
        </Stack>
      </Grid>
    </Stack>
  );
}

/** The machine's active alarm, in the page's language from the alarm catalogue (the controller sends English). */
function LiveAlarm({ orderNumber, type, content }: { orderNumber: string; type: string; content: string }) {
  const t = useT();
  const { language } = useLanguage();
  const words = alarmWords(language, type, content);
  return (
    <Alert.Root status="error" borderRadius="lg" data-testid="alarm">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {t('devices.alarm.title')}
          {words.type && ` · ${t('devices.alarm.type', { type: words.type })}`}
        </Alert.Title>
        {words.text && <Alert.Description data-known={words.known}>{words.text}</Alert.Description>}
        <AlarmLinks orderNumber={orderNumber} type={type} content={content} />
      </Alert.Content>
    </Alert.Root>
  );
}
