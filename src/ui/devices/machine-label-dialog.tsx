import { Alert, Button, CloseButton, Dialog, Flex, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { MachineLabel } from '../../domain/devices/machine-label.machine';
import { saveFile } from '../common/save-file';
import { labelPng, labelSheetPdf, linkOf, loadQr } from './label-art';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { useDevicesMachines } from './devices-machines';

const QR_PX = 240;

function LabelCode({ label }: { label: MachineLabel }) {
  const t = useT();
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    loadQr()
      .then((QRCode) => QRCode.toDataURL(linkOf(label), { errorCorrectionLevel: 'M', margin: 1, width: QR_PX }))
      .then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [label]);
  return src ? (
    <img src={src} width={QR_PX} height={QR_PX} alt={t('devices.label.codeAlt', { name: label.name || label.orderNumber })} data-testid="machine-label-code" />
  ) : (
    <Skeleton width={`${QR_PX}px`} height={`${QR_PX}px`} />
  );
}

/** A machine's QR label (issue 39): the code, the name and order number printed with it, and the label as PNG. */
export function MachineLabelDialog({ orderNumber, onClose }: { orderNumber: string; onClose: () => void }) {
  const t = useT();
  const actor = useFreshActor(useDevicesMachines().label, { input: { orderNumber } });
  const state = useSelector(
    actor,
    (snapshot) => ({ value: snapshot.value, label: snapshot.context.label, error: snapshot.context.error, withdrawal: snapshot.context.withdrawal }),
    shallowEqual,
  );
  const showsLabel = state.value === 'ready' || state.value === 'confirming' || state.value === 'withdrawing';
  const download = useRef(false);
  const save = async (as: 'png' | 'pdf') => {
    if (!state.label || download.current) return;
    download.current = true;
    try {
      const file = as === 'png' ? await labelPng(state.label) : await labelSheetPdf([state.label]);
      saveFile(file, `label-${state.label.orderNumber}.${as}`);
    } finally {
      download.current = false;
    }
  };
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size="sm" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content borderRadius="2xl" mx="3" data-testid="machine-label-dialog">
            <Dialog.Header>
              <Dialog.Title fontSize="lg">{t('devices.label.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {showsLabel && state.label ? (
                <Stack align="center" gap="2" data-state={String(state.value)}>
                  {state.withdrawal.kind !== 'none' && (
                    <Alert.Root status={state.withdrawal.kind === 'withdrawn' ? 'success' : 'error'} data-testid="machine-label-withdrawal">
                      <Alert.Indicator />
                      <Alert.Title>
                        {state.withdrawal.kind === 'withdrawn' ? t('devices.label.withdrawn') : state.withdrawal.message || t('devices.label.withdrawFailed')}
                      </Alert.Title>
                    </Alert.Root>
                  )}
                  <LabelCode label={state.label} />
                  <Text fontWeight="semibold" textAlign="center" data-lang-neutral="">
                    {state.label.name}
                  </Text>
                  <Text fontFamily="mono" fontSize="sm" color="gray.600" data-lang-neutral="">
                    {state.label.orderNumber}
                  </Text>
                  <Text fontSize="sm" color="gray.600" textAlign="center">
                    {t('devices.label.hint')}
                  </Text>
                  {state.value === 'confirming' && (
                    <Alert.Root status="warning" data-testid="machine-label-confirm">
                      <Alert.Indicator />
                      <Stack gap="2">
                        <Alert.Title>{t('devices.label.withdrawAsk')}</Alert.Title>
                        <Flex gap="2" wrap="wrap">
                          <Button size="sm" colorPalette="red" onClick={() => actor.send({ type: 'label.confirm' })}>
                            {t('devices.label.withdrawConfirm')}
                          </Button>
                          <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'label.cancel' })}>
                            {t('devices.label.cancel')}
                          </Button>
                        </Flex>
                      </Stack>
                    </Alert.Root>
                  )}
                </Stack>
              ) : state.value === 'loading' ? (
                <Stack align="center">
                  <Skeleton width={`${QR_PX}px`} height={`${QR_PX}px`} />
                </Stack>
              ) : (
                <Alert.Root status="error" data-state={String(state.value)}>
                  <Alert.Indicator />
                  <Alert.Title>{state.value === 'notYours' ? t('devices.label.notYours') : state.error || t('devices.label.failed')}</Alert.Title>
                </Alert.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              {state.value !== 'failed' && state.value !== 'notYours' && (
                <Button
                  variant="ghost"
                  colorPalette="red"
                  disabled={state.value !== 'ready'}
                  loading={state.value === 'withdrawing'}
                  onClick={() => actor.send({ type: 'label.withdraw' })}
                  data-testid="machine-label-withdraw"
                >
                  {t('devices.label.withdraw')}
                </Button>
              )}
              {state.value === 'failed' && (
                <Button variant="outline" onClick={() => actor.send({ type: 'label.retry' })}>
                  {t('devices.label.retry')}
                </Button>
              )}
              <Button variant="outline" colorPalette="blue" disabled={state.value !== 'ready'} onClick={() => save('pdf')} data-testid="machine-label-pdf">
                {t('devices.label.pdf')}
              </Button>
              <Button colorPalette="blue" disabled={state.value !== 'ready'} onClick={() => save('png')} data-testid="machine-label-png">
                {t('devices.label.png')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('devices.label.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
