import { Box, Button, CloseButton, Dialog, Image, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useLanguage, useT } from '../i18n/language-context';
import { APP_BASENAME } from './app-basename';

/**
 * The mini program's QR code for a language: an image the portal makes from the brand's addresses
 * (src/server/spa/mini-program-qr.ts), so the visitor pages' first screen from the build can show
 * it before any script has run (docs/adr/0023).
 */
export const miniProgramQrSrc = (language: 'zh' | 'en') => `${APP_BASENAME}/mini-program-qr/${language}.svg`;

/** The mini program's QR code for the current language, at its size from the first frame. */
export function MiniProgramQr({ alt }: { alt: string }) {
  const { language } = useLanguage();
  return (
    <Box p="2" borderWidth="1px" borderColor="gray.200" borderRadius="lg" bg="white">
      <Image src={miniProgramQrSrc(language)} alt={alt} width="180px" height="180px" />
    </Box>
  );
}

/**
 * A small centred dialog around a QR code: title, body, one full-width closing button and the close
 * cross. `instant`: it opens without its entry animation, because the page's first screen from the
 * build showed it already (first-screen.ts).
 */
export function QrDialog({
  open,
  onClose,
  testId,
  title,
  closeText,
  instant = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  testId: string;
  title: string;
  closeText: string;
  instant?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center" size="xs" motionPreset={instant ? 'none' : 'scale'}>
      <Portal>
        <Dialog.Backdrop _open={instant ? { animationName: 'none' } : undefined} />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button width="full" variant="outline" onClick={onClose}>
                {closeText}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
