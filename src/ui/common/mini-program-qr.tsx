import { Box, Button, CloseButton, Dialog, Image, Portal, Skeleton } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLanguage, useT } from '../i18n/language-context';
import { brand } from './brand';

/** Makes a QR code image (data URL) for a text; qrcode loads only when a dialog needs it. */
export async function qrDataUrl(text: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(text, { margin: 1, width: 220, color: { dark: '#1e3a8a', light: '#ffffff' } });
}

/** The mini program's QR code for the current language, made while `open` (a placeholder until it is ready). */
export function MiniProgramQr({ open, alt }: { open: boolean; alt: string }) {
  const { language } = useLanguage();
  const [src, setSrc] = useState<string | null>(null);
  const address = brand.miniProgram[language];

  useEffect(() => {
    if (!open) return;
    let live = true;
    qrDataUrl(address).then(
      (url) => live && setSrc(url),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [open, address]);

  return (
    <Box p="2" borderWidth="1px" borderColor="gray.200" borderRadius="lg" bg="white">
      {src ? <Image src={src} alt={alt} width="180px" height="180px" /> : <Skeleton width="180px" height="180px" />}
    </Box>
  );
}

/** A small centred dialog around a QR code: title, body, one full-width closing button and the close cross. */
export function QrDialog({
  open,
  onClose,
  testId,
  title,
  closeText,
  children,
}: {
  open: boolean;
  onClose: () => void;
  testId: string;
  title: string;
  closeText: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center" size="xs">
      <Portal>
        <Dialog.Backdrop />
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
