import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { brand } from '../common/brand';
import { MiniProgramQr, QrDialog } from '../common/mini-program-qr';
import { useNarrowScreen } from '../common/use-narrow-screen';
import { useT } from '../i18n/language-context';

/** Below 769 px: a dismissible dialog pointing to the mobile app, with a QR code chosen by language. */
export function MobileAppDialog() {
  const narrow = useNarrowScreen();
  const [dismissed, setDismissed] = useState(false);
  const t = useT();
  const open = narrow && !dismissed;

  return (
    <QrDialog
      open={open}
      onClose={() => setDismissed(true)}
      testId="mobile-app-dialog"
      title={t('shell.mobile.title')}
      closeText={t('shell.mobile.continue')}
    >
      <Stack align="center" gap="4" textAlign="center">
        <Text color="gray.600" fontSize="sm">
          {t('shell.mobile.body', { brand: brand.name })}
        </Text>
        <MiniProgramQr open={open} alt={t('shell.mobile.qrAlt', { brand: brand.name })} />
      </Stack>
    </QrDialog>
  );
}
