import { Box, Button, Flex, IconButton, Link, Popover, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { shallowEqual, useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router';
import type { BellItem } from '../../domain/alarms/bell.machine';
import { localDateTime } from '../common/local-time';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { useAlarmsMachines } from './alarms-machines';
import { noticeWhat } from './notice-words';

const EVENT_COLOUR = { raised: 'red.700', cleared: 'green.800', labelRequest: 'blue.700' } as const;

export function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

function BellEntry({ item, onGo }: { item: BellItem; onGo: () => void }) {
  const t = useT();
  const machine = item.machineName || item.orderNumber;
  return (
    <Box as="li" listStyleType="none" py="2" borderBottomWidth="1px" borderColor="gray.100" data-testid="bell-item" data-event={item.event} data-order={item.orderNumber}>
      <Link asChild color={EVENT_COLOUR[item.event]} fontWeight={item.read ? 'normal' : 'semibold'} display="inline-flex" alignItems="center" minH="6" onClick={onGo}>
        <RouterLink to={item.link}>{t('shell.bell.item', { machine, what: noticeWhat(t, item) })}</RouterLink>
      </Link>
      {item.eventNum && (
        <Text fontSize="sm" color="gray.700">
          {t('shell.bell.workOrder', { eventNum: item.eventNum })}
        </Text>
      )}
      {item.alarmText && (
        <Text fontSize="sm" color="gray.700" data-lang-neutral="">
          {item.alarmText}
        </Text>
      )}
      <Text fontSize="xs" color="gray.600" data-lang-neutral="">
        {localDateTime(item.at)}
      </Text>
    </Box>
  );
}

/**
 * The shell's notification bell (issue 39 item 1): the unread count, live while the page is open
 * (the bell machine's long poll), and the newest messages when opened, which marks them read.
 */
export function BellButton() {
  const t = useT();
  const actor = useFreshActor(useAlarmsMachines().bell);
  const view = useSelector(
    actor,
    (s) => ({
      unread: s.context.unread ?? 0,
      open: !s.matches({ panel: 'closed' }),
      loading: s.matches({ panel: 'loading' }),
      failed: s.matches({ panel: 'failed' }),
      items: s.context.items,
    }),
    shallowEqual,
  );
  const close = () => actor.send({ type: 'bell.close' });
  return (
    <Popover.Root open={view.open} onOpenChange={(d) => actor.send({ type: d.open ? 'bell.open' : 'bell.close' })} positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <IconButton variant="ghost" size="sm" position="relative" aria-label={view.unread ? t('shell.bell.unread', { count: view.unread }) : t('shell.bell')} data-testid="bell" data-unread={view.unread}>
          <BellIcon />
          {view.unread > 0 && (
            <Box as="span" aria-hidden="true" position="absolute" top="0.5" insetEnd="0.5" minW="4" h="4" px="1" borderRadius="full" bg="red.600" color="white" fontSize="2xs" lineHeight="4" fontWeight="bold" data-testid="bell-count">
              {view.unread > 99 ? '99+' : view.unread}
            </Box>
          )}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width={{ base: 'calc(100vw - 1.5rem)', sm: '22rem' }} data-testid="bell-panel">
            <Popover.Body>
              <Text fontWeight="semibold" mb="1">
                {t('shell.bell.title')}
              </Text>
              {view.loading ? (
                <Flex justify="center" py="4">
                  <Spinner size="sm" aria-label={t('shell.bell.loading')} />
                </Flex>
              ) : view.failed ? (
                <Flex align="center" justify="space-between" gap="2" py="2">
                  <Text color="gray.700">{t('shell.bell.failed')}</Text>
                  <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'bell.retry' })}>
                    {t('shell.bell.retry')}
                  </Button>
                </Flex>
              ) : view.items.length === 0 ? (
                <Text color="gray.600" py="2">
                  {t('shell.bell.empty')}
                </Text>
              ) : (
                <Stack as="ul" gap="0" maxH="60vh" overflowY="auto" m="0" p="0">
                  {view.items.map((item) => (
                    <BellEntry key={item.id} item={item} onGo={close} />
                  ))}
                </Stack>
              )}
              <Link asChild color="blue.700" fontSize="sm" mt="2" display="inline-flex" alignItems="center" minH="6" onClick={close}>
                <RouterLink to="/notifications" data-testid="bell-settings">
                  {t('shell.bell.settings')}
                </RouterLink>
              </Link>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
