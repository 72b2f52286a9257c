import { Alert, Button, CloseButton, Dialog, Portal, Skeleton, Text } from '@chakra-ui/react';
import { shallowEqual, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { saveFile } from '../common/save-file';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { useDevicesMachines } from './devices-machines';
import { labelSheetPdf, sheetPages } from './label-art';

/** The fleet's QR labels on A4 sheets (issue 39): how many, and the PDF. */
export function LabelSheetDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const actor = useFreshActor(useDevicesMachines().labelSheet);
  const state = useSelector(actor, (s) => ({ value: s.value, labels: s.context.labels, error: s.context.error }), shallowEqual);
  const [making, setMaking] = useState(false);
  const busy = useRef(false);
  const savePdf = async () => {
    if (busy.current || state.labels.length === 0) return;
    busy.current = true;
    setMaking(true);
    try {
      saveFile(await labelSheetPdf(state.labels), 'machine-labels.pdf');
    } finally {
      busy.current = false;
      setMaking(false);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size="sm" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content borderRadius="2xl" mx="3" data-testid="label-sheet-dialog" data-state={String(state.value)}>
            <Dialog.Header>
              <Dialog.Title fontSize="lg">{t('devices.sheet.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {state.value === 'loading' ? (
                <Skeleton height="6" />
              ) : state.value === 'failed' ? (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Title>{state.error || t('devices.sheet.failed')}</Alert.Title>
                </Alert.Root>
              ) : (
                <Text color="gray.700">
                  {state.labels.length === 0 ? t('devices.sheet.none') : t('devices.sheet.count', { count: state.labels.length, pages: sheetPages(state.labels.length) })}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {state.value === 'failed' && (
                <Button variant="outline" onClick={() => actor.send({ type: 'sheet.retry' })}>
                  {t('devices.label.retry')}
                </Button>
              )}
              <Button colorPalette="blue" disabled={state.value !== 'ready' || state.labels.length === 0} loading={making} onClick={savePdf} data-testid="label-sheet-pdf">
                {t('devices.sheet.pdf')}
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
