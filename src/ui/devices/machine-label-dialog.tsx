import { Alert, Button, CloseButton, Dialog, Flex, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { MachineLabel } from '../../domain/devices/machine-label.machine';
import { saveFile } from '../common/save-file';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { useDevicesMachines } from './devices-machines';

const QR_PX = 240;
/** The PNG label: the code above the machine's name and order number, at print resolution (about 50 mm at 300 dpi). */
const LABEL_PX = { width: 600, height: 760, qr: 520 };

/** The link the code holds: the portal's own origin, so a label printed from a site's portal opens that portal. */
const linkOf = (label: MachineLabel) => `${window.location.origin}${label.path}`;

// The encoder loads with the dialog, not with the page.
const loadQr = () => import('qrcode');

/** Draws a label as a PNG: code, name, order number (the fonts the page has, so Chinese names print too). */
async function labelPng(label: MachineLabel): Promise<Blob> {
  const QRCode = await loadQr();
  const code = document.createElement('canvas');
  await QRCode.toCanvas(code, linkOf(label), { errorCorrectionLevel: 'M', margin: 0, width: LABEL_PX.qr });
  const canvas = document.createElement('canvas');
  canvas.width = LABEL_PX.width;
  canvas.height = LABEL_PX.height;
  const pen = canvas.getContext('2d')!;
  pen.fillStyle = '#fff';
  pen.fillRect(0, 0, canvas.width, canvas.height);
  pen.drawImage(code, (LABEL_PX.width - LABEL_PX.qr) / 2, 40);
  pen.fillStyle = '#111';
  pen.textAlign = 'center';
  pen.font = 'bold 36px sans-serif';
  pen.fillText(label.name || label.orderNumber, LABEL_PX.width / 2, 640, LABEL_PX.width - 40);
  pen.font = '30px monospace';
  pen.fillText(label.orderNumber, LABEL_PX.width / 2, 700, LABEL_PX.width - 40);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'));
}

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
  const savePng = async () => {
    if (!state.label || download.current) return;
    download.current = true;
    try {
      saveFile(await labelPng(state.label), `label-${state.label.orderNumber}.png`);
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
            <Dialog.Footer>
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
              <Button colorPalette="blue" disabled={state.value !== 'ready'} onClick={savePng} data-testid="machine-label-png">
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
