import { Badge, Box, CloseButton, Drawer, Flex, Heading, Portal, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { WorkOrderRow } from '../../domain/repair/work-order-row';
import type { WorkOrderStep } from '../../domain/repair/work-order-status';
import { dateTimeFormat } from '../common/intl-formats';
import { LOCALES } from '../i18n/intl';
import { useLanguage, useT } from '../i18n/language-context';

/** As `Date.toLocaleString` writes a time, numeric date and time. */
export const DATE_AND_TIME: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' };

const STEP_COLOURS: Record<WorkOrderStep, string> = { 0: 'blue', 1: 'orange', 2: 'green' };

export function StepTag({ step }: { step: WorkOrderStep }) {
  const t = useT();
  return (
    <Badge colorPalette={STEP_COLOURS[step]} variant="subtle" borderRadius="full" px="2" data-testid="order-step" data-step={step}>
      {t(`repair.step.${step}`)}
    </Badge>
  );
}

/** The drawer's three-step display: pending, in progress, completed (spec 3 section 4). */
function Steps({ step }: { step: WorkOrderStep }) {
  const t = useT();
  return (
    <Flex gap="2" align="center" data-testid="order-steps" data-step={step}>
      {([0, 1, 2] as const).map((s) => (
        <Flex key={s} align="center" gap="2" flex="1">
          <Flex
            w="7"
            h="7"
            borderRadius="full"
            align="center"
            justify="center"
            fontSize="sm"
            fontWeight="bold"
            bg={s <= step ? (step === 2 ? 'green.500' : 'blue.500') : 'gray.200'}
            color={s <= step ? 'white' : 'gray.600'}
            flexShrink={0}
          >
            {s + 1}
          </Flex>
          <Text fontSize="sm" color={s <= step ? 'gray.900' : 'gray.500'} fontWeight={s === step ? 'semibold' : 'normal'}>
            {t(`repair.step.${s}`)}
          </Text>
          {s < 2 && <Box flex="1" h="2px" bg={s < step ? 'blue.400' : 'gray.200'} minW="3" />}
        </Flex>
      ))}
    </Flex>
  );
}

/** A work order's detail drawer: its progress in three steps, the staff note, the conversation (a slot the screen fills) and what was submitted. */
export function OrderDrawer({ row, onClose, conversation }: { row: WorkOrderRow; onClose: () => void; conversation?: ReactNode }) {
  const t = useT();
  const { language } = useLanguage();
  const item = (label: string, value: string, testId?: string) => (
    <Flex gap="3" py="1.5" borderBottomWidth="1px" borderColor="gray.100">
      <Text w="28" flexShrink={0} color="gray.600" fontSize="sm">
        {label}
      </Text>
      <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" data-testid={testId}>
        {value}
      </Text>
    </Flex>
  );
  return (
    <Drawer.Root open onOpenChange={(d) => !d.open && onClose()} size={{ base: 'full', md: 'lg' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="order-drawer" maxW={{ md: '720px' }}>
            <Drawer.Header>
              <Drawer.Title>
                {t('repair.drawer.title')} {row.eventNum}
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="6">
                <Stack gap="3">
                  <Heading size="sm">{t('repair.drawer.progress')}</Heading>
                  <Steps step={row.step} />
                  {row.note && item(t('repair.drawer.note'), row.note, 'order-note')}
                </Stack>
                {conversation}
                <Stack gap="0">
                  <Heading size="sm" mb="2">
                    {t('repair.drawer.basic')}
                  </Heading>
                  {item(t('repair.col.eventNum'), row.eventNum)}
                  {item(t('repair.col.orderNumber'), row.orderNumber)}
                  {item(t('repair.col.company'), row.company)}
                  {item(t('repair.col.user'), row.userName)}
                  {row.createdByName && item(t('repair.drawer.raisedBy'), row.createdByName, 'order-raised-by')}
                  {item(t('repair.drawer.phone'), row.phone)}
                  {item(t('repair.drawer.email'), row.email)}
                  {item(t('repair.drawer.area'), [row.provinceName, row.cityName].filter(Boolean).join(' / '))}
                  {row.fromLabel ? item(t('repair.drawer.source'), t('repair.drawer.fromLabel')) : item(t('repair.drawer.part'), row.sparePart)}
                  {item(t('repair.drawer.content'), row.content, 'order-content')}
                  {item(t('repair.col.created'), dateTimeFormat(LOCALES[language], DATE_AND_TIME).format(new Date(row.createTime)))}
                </Stack>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

