import { Alert, Badge, Box, Button, Flex, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { MaintenanceDueBadge, type MaintenanceDue } from '../common/maintenance-due';
import { Link as RouterLink } from 'react-router';
import { FLEET_FILTERS, type FleetFilter } from '../../domain/devices/fleet';
import { useT } from '../i18n/language-context';
import type { FleetTile, FleetViewModel } from './fleet.selectors';
import { MachineArt } from './machine-art';
import { SectionHeading } from '../common/section-heading';

function PlusIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

function ChevronIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M9 6l6 6-6 6" />
    </svg>
  );
}

// Phones get a row per machine (picture beside the text), wider screens a grid of cards.
const TILE_HEIGHT = { base: 'auto', sm: '16rem' };

function MachineTile({ tile, due }: { tile: FleetTile; due?: MaintenanceDue }) {
  const t = useT();
  const name = tile.name || tile.orderNumber;
  return (
    <RouterLink
      to={tile.to}
      title={t('devices.fleet.open', { name })}
      data-testid="fleet-tile"
      data-order-number={tile.orderNumber}
      data-kind={tile.kind}
      style={{ display: 'block', borderRadius: '1rem' }}
    >
      <Flex
        as="article"
        direction={{ base: 'row', sm: 'column' }}
        h={TILE_HEIGHT}
        bg="white"
        borderRadius="2xl"
        borderWidth="1px"
        borderColor="gray.200"
        boxShadow="xs"
        overflow="hidden"
        transition="box-shadow 0.2s, transform 0.2s, border-color 0.2s"
        _hover={{ boxShadow: 'md', transform: 'translateY(-2px)', borderColor: 'blue.200' }}
      >
        <Flex
          flex={{ base: '0 0 38%', sm: '1' }}
          minH="0"
          align="center"
          justify="center"
          px={{ base: 2, sm: 4 }}
          pt={{ base: 0, sm: 3 }}
          bgGradient={{ base: 'to-r', sm: 'to-b' }}
          gradientFrom="gray.50"
          gradientTo="white"
        >
          <MachineArt kind={tile.kind} height={118} />
        </Flex>
        <Flex flex={{ base: '1', sm: 'none' }} minW="0" align="center" gap="3" px="4" py="3.5" borderTopWidth={{ base: 0, sm: '1px' }} borderColor="gray.100">
          <Stack gap="1" flex="1" minW="0">
            {/* Two lines on phones: one cut after ~15 characters hid what tells two machines of a series apart (the power). */}
            <Text fontWeight="semibold" color="gray.900" lineClamp={{ base: 2, sm: 1 }} title={name} data-lang-neutral="">
              {name}
            </Text>
            <Text fontSize="sm" color="gray.600" fontFamily="mono" truncate>
              {t('devices.fleet.orderNumber', { orderNumber: tile.orderNumber })}
            </Text>
            <Flex gap="1.5" wrap="wrap">
              <Badge variant="subtle" colorPalette="gray" borderRadius="full" px="2">
                {t(`devices.kind.${tile.kind}`)}
              </Badge>
              {tile.series && (
                <Badge variant="outline" colorPalette="gray" borderRadius="full" px="2">
                  {t('devices.fleet.series', { series: tile.series })}
                </Badge>
              )}
              <MaintenanceDueBadge due={due} />
            </Flex>
          </Stack>
          <Box color="gray.400" flexShrink={0}>
            <ChevronIcon />
          </Box>
        </Flex>
      </Flex>
    </RouterLink>
  );
}

function AddTile({ onAdd }: { onAdd: () => void }) {
  const t = useT();
  return (
    <Box
      as="button"
      onClick={onAdd}
      data-testid="fleet-add"
      h={TILE_HEIGHT}
      py={{ base: 5, sm: 0 }}
      w="full"
      borderRadius="2xl"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor="blue.200"
      bg="blue.50/40"
      color="blue.700"
      cursor="pointer"
      transition="background 0.2s, border-color 0.2s"
      _hover={{ bg: 'blue.50', borderColor: 'blue.400' }}
      _focusVisible={{ outline: '3px solid', outlineColor: 'blue.300', outlineOffset: '2px' }}
    >
      <Stack align="center" gap="3" px="6">
        <Flex w="14" h="14" borderRadius="full" bg="white" align="center" justify="center" boxShadow="sm">
          <PlusIcon />
        </Flex>
        <Text fontWeight="semibold">{t('devices.fleet.add')}</Text>
        <Text fontSize="sm" color="gray.600">
          {t('devices.fleet.addHint')}
        </Text>
      </Stack>
    </Box>
  );
}

function FilterChips({ model, onFilter }: { model: FleetViewModel; onFilter: (filter: FleetFilter) => void }) {
  const t = useT();
  return (
    <Flex role="group" aria-label={t('devices.fleet.filters')} gap="2" wrap="wrap" data-testid="fleet-filters">
      {FLEET_FILTERS.map((filter) => {
        const active = model.filter === filter;
        return (
          <Button
            key={filter}
            size="sm"
            borderRadius="full"
            variant={active ? 'solid' : 'outline'}
            colorPalette={active ? 'blue' : 'gray'}
            bg={active ? undefined : 'white'}
            aria-pressed={active}
            onClick={() => onFilter(filter)}
            data-testid={`fleet-filter-${filter}`}
          >
            {t(`devices.fleet.filter.${filter}`)}
            <Box
              as="span"
              ms="1"
              px="1.5"
              minW="5"
              borderRadius="full"
              fontSize="xs"
              bg={active ? 'whiteAlpha.300' : 'gray.100'}
              color={active ? 'white' : 'gray.600'}
            >
              {model.counts[filter]}
            </Box>
          </Button>
        );
      })}
    </Flex>
  );
}

function EmptyFleet({ onAdd }: { onAdd: () => void }) {
  const t = useT();
  return (
    <Flex
      direction={{ base: 'column', md: 'row' }}
      align="center"
      gap={{ base: 6, md: 10 }}
      bg="white"
      borderRadius="2xl"
      borderWidth="1px"
      borderColor="gray.200"
      p={{ base: 6, md: 10 }}
      data-testid="fleet-empty"
    >
      <Stack flex="1" gap="4" align={{ base: 'center', md: 'flex-start' }} textAlign={{ base: 'center', md: 'start' }}>
        <Flex gap="2" opacity={0.9}>
          <MachineArt kind="sheet" height={84} />
          <MachineArt kind="tube" height={84} />
        </Flex>
        <Heading as="h2" fontSize={{ base: 'lg', md: 'xl' }} color="gray.900">
          {t('devices.fleet.empty.title')}
        </Heading>
        <Text color="gray.600" maxW="md">
          {t('devices.fleet.empty.body')}
        </Text>
      </Stack>
      <Box w={{ base: 'full', md: '18rem' }} flexShrink={0}>
        <AddTile onAdd={onAdd} />
      </Box>
    </Flex>
  );
}

export interface FleetViewProps {
  model: FleetViewModel;
  onFilter: (filter: FleetFilter) => void;
  onAdd: () => void;
  onRetry: () => void;
  /** Opens the fleet's sheet of QR labels (issue 39). */
  onPrintLabels: () => void;
  /** Due/overdue maintenance per order number (issue 17). */
  due?: Readonly<Record<string, MaintenanceDue>>;
}

/** The fleet page: chips, one tile per machine (name, order number, kind picture) and the add tile. */
export function FleetView({ model, onFilter, onAdd, onRetry, onPrintLabels, due }: FleetViewProps) {
  const t = useT();
  const failure = (
    <Alert.Root status="warning" borderRadius="lg" data-testid="fleet-failed" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('devices.fleet.failed')}</Alert.Title>
        {model.error && <Alert.Description>{model.error}</Alert.Description>}
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry} bg="white">
        {t('devices.fleet.retry')}
      </Button>
    </Alert.Root>
  );
  return (
    <Stack gap={{ base: 4, md: 6 }} py={{ base: 2, md: 4 }} data-testid="fleet" data-status={model.status}>
      <Flex direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-end' }} justify="space-between" gap="3">
        <SectionHeading title={t('devices.fleet.title')} intro={t('devices.fleet.intro')} />
        {model.status === 'ready' && model.counts.all > 0 && <FilterChips model={model} onFilter={onFilter} />}
      </Flex>

      {model.failed && failure}

      {model.status === 'loading' && (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap={{ base: 4, md: 5 }} aria-busy="true" aria-label={t('devices.fleet.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={TILE_HEIGHT} borderRadius="2xl" />
          ))}
        </SimpleGrid>
      )}

      {model.status === 'ready' && model.counts.all === 0 && <EmptyFleet onAdd={onAdd} />}

      {model.status === 'ready' && model.counts.all > 0 && (
        <Stack gap="3">
          {model.tiles.length === 0 && (
            <Text color="gray.600" data-testid="fleet-none-of-kind">
              {t('devices.fleet.noneOfKind')}
            </Text>
          )}
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap={{ base: 4, md: 5 }} aria-busy={model.reloading}>
            {model.tiles.map((tile) => (
              <MachineTile key={tile.orderNumber} tile={tile} due={due?.[tile.orderNumber]} />
            ))}
            <AddTile onAdd={onAdd} />
          </SimpleGrid>
          {/* In the painted copy too (ADR 0026), so the page does not shift when the app takes over. */}
          <Flex justify="flex-end">
            <Button size="sm" variant="outline" bg="white" onClick={onPrintLabels} data-testid="label-sheet-open">
              {t('devices.sheet.open')}
            </Button>
          </Flex>
        </Stack>
      )}

      {model.status === 'failed' && (
        <Box maxW={{ base: 'full', sm: '18rem' }}>
          <AddTile onAdd={onAdd} />
        </Box>
      )}
    </Stack>
  );
}
