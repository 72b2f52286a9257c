import { Badge, Box, HStack, Text } from '@chakra-ui/react';
import type { StateBadge as StateBadgeModel } from '../../domain/telemetry/state-groups';
import { useT } from '../i18n/language-context';

/** The machine state in the spec's colours (tube: run green, idle yellow, offline blue, stop red). */
export function StateBadge({ badge, code }: { badge: StateBadgeModel; code: number }) {
  const t = useT();
  const label = t(`devices.state.${badge.table}.${badge.group}`);
  const detail = badge.detail && badge.detail !== 'offline' ? t(`devices.state.detail.${badge.detail}`) : '';
  return (
    <Badge
      colorPalette={badge.palette}
      variant="solid"
      size="lg"
      borderRadius="full"
      px="3.5"
      py="1"
      fontSize="md"
      title={badge.group === 'offline' ? undefined : t('devices.state.code', { code })}
      data-testid="state-badge"
      data-group={badge.group}
      data-palette={badge.palette}
    >
      {label}
      {detail && (
        // Full white: at 0.9 opacity the detail fell to 3.7:1 on the emergency-stop red (axe, issue 23).
        <Box as="span" fontWeight="normal">
          {` · ${detail}`}
        </Box>
      )}
    </Badge>
  );
}

/** A dot that pulses while data is arriving, grey when the machine is offline. */
export function LiveIndicator({ live }: { live: boolean }) {
  const t = useT();
  return (
    <HStack gap="1.5" data-testid="live-indicator" data-live={String(live)}>
      <Box position="relative" w="2.5" h="2.5">
        {live && (
          <Box
            position="absolute"
            inset="0"
            borderRadius="full"
            bg="green.400"
            animation="ping 1.6s cubic-bezier(0, 0, 0.2, 1) infinite"
            css={{ '@media (prefers-reduced-motion: reduce)': { animation: 'none' } }}
          />
        )}
        <Box position="absolute" inset="0" borderRadius="full" bg={live ? 'green.500' : 'gray.400'} />
      </Box>
      <Text fontSize="sm" fontWeight="medium" color={live ? 'green.700' : 'gray.600'}>
        {t(live ? 'devices.live.online' : 'devices.live.offline')}
      </Text>
    </HStack>
  );
}
