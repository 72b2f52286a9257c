import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import type { NoticeDialog } from '../../ports/notifier.port';
import { useT } from '../i18n/language-context';
import { sessionOf, useServices } from './services-context';

const TEXTS: Record<NoticeDialog, { title: string; body: string; button: string }> = {
  loginExpired: { title: 'common.tips', body: 'common.loginExpired', button: 'common.loginAgain' },
  networkFailed: { title: 'common.networkFailed', body: 'common.checkNetwork', button: 'common.ok' },
  timedOut: { title: 'common.timedOut', body: 'common.timedOutDetail', button: 'common.ok' },
};

/** The blocking dialogs of spec 1 section 8 (login expired, network failed, timed out), one at a time. */
export function NoticeDialogs() {
  const services = useServices();
  const { dialogs } = services;
  const t = useT();
  const open = useSyncExternalStore(dialogs.subscribe, dialogs.getSnapshot, dialogs.getSnapshot);
  const kind = open[0];
  const blocking = kind === 'loginExpired';

  const confirm = () => {
    if (!kind) return;
    // Read here, not at render: the dialogs can mount before the session exists (see UiServices.ready).
    if (kind === 'loginExpired') sessionOf(services).send({ type: 'session.confirm' });
    dialogs.close(kind);
  };

  const texts = kind ? TEXTS[kind] : null;
  return (
    <Dialog.Root
      open={!!kind}
      role="alertdialog"
      placement="center"
      size="xs"
      closeOnEscape={!blocking}
      closeOnInteractOutside={false}
      onOpenChange={(details) => {
        if (!details.open && kind && !blocking) dialogs.close(kind);
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-notice={kind}>
            <Dialog.Header>
              <Dialog.Title>{texts ? t(texts.title) : ''}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{texts ? t(texts.body) : ''}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="blue" onClick={confirm}>
                {texts ? t(texts.button) : ''}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
