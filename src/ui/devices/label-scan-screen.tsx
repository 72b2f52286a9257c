import { Alert, Box, Button, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { shallowEqual, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { SessionStoreToken } from '../../ports/tokens';
import { PageFrame } from '../common/page-frame';
import { useService } from '../common/services-context';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { paths } from '../shell/paths';
import { useDevicesMachines } from './devices-machines';
import { LabelRequestForm } from './label-request-form';
import { MachineArt } from './machine-art';

/**
 * What a scanned QR label opens (`/m/<label>`, issue 39): the owner goes straight on to the
 * machine's live page; anyone else, on a phone at the machine, sees its model and nothing of
 * its owner or data, and may send the owner a repair request.
 */
export default function LabelScanScreen() {
  const t = useT();
  const navigate = useNavigate();
  const { label = '' } = useParams();
  const signedIn = useService(SessionStoreToken).signedIn();
  const { scan } = useDevicesMachines();
  const definition = useMemo(
    () =>
      scan.provide({
        actions: {
          openLivePage: (_, route) => navigate(paths.livePage(route), { replace: true }),
        },
      }),
    [scan, navigate],
  );
  const actor = useFreshActor(definition, { input: { label } });
  const state = useSelector(actor, (s) => ({ value: s.value, machine: s.context.machine, error: s.context.error }), shallowEqual);

  return (
    <PageFrame backTo={paths.home()} backLabel={t('devices.scan.home')} width="3xl">
      <Box maxW="md" mx="auto" bg="white" borderRadius="2xl" borderWidth="1px" borderColor="gray.200" boxShadow="sm" px={{ base: 5, md: 8 }} py="8" data-testid="label-scan" data-state={String(state.value)}>
        {state.value === 'stranger' && state.machine ? (
          <Stack align="center" gap="4" textAlign="center">
            <MachineArt kind={state.machine.kind} height={110} />
            <Heading as="h1" size="xl" color="gray.800">
              {t('devices.scan.model', { series: state.machine.seriesName, kind: t(`devices.kind.${state.machine.kind}`) })}
            </Heading>
            <Text color="gray.600">{t(signedIn ? 'devices.scan.notYours' : 'devices.scan.ownersOnly')}</Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" width={{ base: 'full', sm: 'auto' }}>
              {!signedIn && (
                <Button asChild colorPalette="blue">
                  <RouterLink to={paths.login(paths.label(label))}>{t('devices.scan.login')}</RouterLink>
                </Button>
              )}
              <Button asChild variant="outline" colorPalette="blue">
                <RouterLink to={paths.visitor('knowledge')}>{t('devices.scan.support')}</RouterLink>
              </Button>
            </Stack>
            <Box borderTopWidth="1px" borderColor="gray.200" pt="6" mt="2" width="full">
              <LabelRequestForm label={label} />
            </Box>
          </Stack>
        ) : state.value === 'withdrawn' || state.value === 'unknown' || state.value === 'failed' ? (
          <Stack gap="4">
            <Heading as="h1" size="lg" color="gray.800">
              {t('devices.scan.title')}
            </Heading>
            <Alert.Root status={state.value === 'failed' ? 'error' : 'warning'}>
              <Alert.Indicator />
              <Alert.Title>{state.value === 'failed' ? state.error || t('devices.scan.failed') : t(`devices.scan.${state.value}`)}</Alert.Title>
            </Alert.Root>
            {state.value === 'failed' ? (
              <Button alignSelf="start" variant="outline" onClick={() => actor.send({ type: 'scan.retry' })}>
                {t('devices.scan.retry')}
              </Button>
            ) : (
              <Button asChild alignSelf="start" variant="outline" colorPalette="blue">
                <RouterLink to={paths.visitor('knowledge')}>{t('devices.scan.support')}</RouterLink>
              </Button>
            )}
          </Stack>
        ) : (
          // Scanning, or the owner on the way to the live page.
          <Stack align="center" gap="4" aria-busy="true">
            <Heading as="h1" size="lg" color="gray.800">
              {t('devices.scan.title')}
            </Heading>
            <Skeleton height="110px" width="200px" />
            <Skeleton height="6" width="60%" />
          </Stack>
        )}
      </Box>
    </PageFrame>
  );
}
