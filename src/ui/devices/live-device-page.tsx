import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { parseMachineKind } from '../../domain/devices/machine-kind';
import type { StateTable } from '../../domain/telemetry/state-groups';
import { DevicePageFrame } from './device-page-frame';
import { buildLiveDeviceView, type LivePart } from './live-device.selectors';
import { LiveDeviceView } from './live-device-view';
import { useMachineInfo } from './use-machine-info';
import { useT } from '../i18n/language-context';
import { paths } from '../shell/paths';

// The label dialog and its QR encoder load when a person asks for the label.
const MachineLabelDialog = lazy(async () => ({ default: (await import('./machine-label-dialog')).MachineLabelDialog }));

/** The route params of deviceInfo and deviceInfoWs. */
export function useDeviceParams(table: StateTable): { orderNumber: string; routeKind: 'sheet' | 'tube' } {
  const params = useParams();
  // A type other than tube or sheet falls back to the kind the page's transport serves.
  return { orderNumber: params.orderNumber ?? '', routeKind: parseMachineKind(params.type) ?? table };
}

export interface LiveDevicePageProps {
  table: StateTable;
  orderNumber: string;
  routeKind: 'sheet' | 'tube';
  live: LivePart;
}

/** What both detail pages share: the machine facts, the frame and the view. */
export function LiveDevicePage({ table, orderNumber, routeKind, live }: LiveDevicePageProps) {
  const [info, reloadInfo] = useMachineInfo(orderNumber);
  const model = useMemo(() => buildLiveDeviceView(live, info, { table, routeKind, orderNumber }), [live, info, table, routeKind, orderNumber]);
  // A machine that is not the customer's (or none at all) has no dashboard: a zeroed one with an
  // Offline badge and the bus's refusal would read as a real machine that is down.
  if (info.status === 'notFound') {
    return (
      <DevicePageFrame>
        <DeviceNotFound orderNumber={orderNumber} />
      </DevicePageFrame>
    );
  }
  return (
    <DevicePageFrame>
      <MachineLabelButton orderNumber={orderNumber} />
      <LiveDeviceView model={model} onRetryInfo={reloadInfo} />
    </DevicePageFrame>
  );
}

/** Opens the machine's QR label (issue 39). */
function MachineLabelButton({ orderNumber }: { orderNumber: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Flex justify="flex-end" mb="3">
      <Button size="sm" variant="outline" bg="white" onClick={() => setOpen(true)} data-testid="machine-label-open">
        {t('devices.label.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <MachineLabelDialog orderNumber={orderNumber} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Flex>
  );
}

function DeviceNotFound({ orderNumber }: { orderNumber: string }) {
  const t = useT();
  return (
    <Stack gap="4" align="flex-start" bg="white" borderRadius="2xl" borderWidth="1px" borderColor="gray.200" p={{ base: 5, md: 8 }} data-testid="device-not-found">
      <Heading as="h1" fontSize={{ base: 'xl', md: '2xl' }} color="gray.900">
        {t('devices.live.notFoundTitle')}
      </Heading>
      <Text color="gray.700">{t('devices.live.notFound')}</Text>
      <Text color="gray.600" fontSize="sm">
        {t('devices.live.orderNumber')}: <span data-lang-neutral="">{orderNumber}</span>
      </Text>
      <Button asChild colorPalette="blue">
        <RouterLink to={paths.section('device')}>{t('devices.live.back')}</RouterLink>
      </Button>
    </Stack>
  );
}
