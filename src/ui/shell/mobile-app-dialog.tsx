import { Box, Button, CloseButton, Dialog, Image, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { brand } from '../common/brand';
import { useNarrowScreen } from '../common/use-narrow-screen';
import { useLanguage, useT } from '../i18n/language-context';

/** Makes a QR code image (data URL) for a text; qrcode loads only when a dialog needs it. */
export async function qrDataUrl(text: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(text, { margin: 1, width: 220, color: { dark: '#1e3a8a', light: '#ffffff' } });
}

/** Below 769 px: a dismissible dialog pointing to the mobile app, with a QR code chosen by language. */
export function MobileAppDialog() {
  const narrow = useNarrowScreen();
  const [dismissed, setDismissed] = useState(false);
  const { language } = useLanguage();
  const t = useT();
  const [src, setSrc] = useState<string | null>(null);
  const open = narrow && !dismissed;
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
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && setDismissed(true)} placement="center" size="xs">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid="mobile-app-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('shell.mobile.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack align="center" gap="4" textAlign="center">
                <Text color="gray.600" fontSize="sm">
                  {t('shell.mobile.body', { brand: brand.name })}
                </Text>
                <Box p="2" borderWidth="1px" borderColor="gray.200" borderRadius="lg" bg="white">
                  {src ? (
                    <Image src={src} alt={t('shell.mobile.qrAlt', { brand: brand.name })} width="180px" height="180px" />
                  ) : (
                    <Skeleton width="180px" height="180px" />
                  )}
                </Box>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button width="full" variant="outline" onClick={() => setDismissed(true)}>
                {t('shell.mobile.continue')}
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
