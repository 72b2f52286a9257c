import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { brand } from '../common/brand';
import { MiniProgramQr, QrDialog } from '../common/mini-program-qr';
import { useNarrowScreen } from '../common/use-narrow-screen';
import { useT } from '../i18n/language-context';

// Remembered for the browser tab's session, not forever: a person who closed it is not asked again
// on every reload or tab change, and a later visit offers the app once more. Kept out of the storage
// port, whose keys are spec 1's; storage may be refused (private modes), then it is just not remembered.
const DISMISSED_KEY = 'mobileAppDialogDismissed';
const wasDismissed = () => {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};
const rememberDismissed = () => {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // not remembered: shown again on the next load
  }
};

/** Below 769 px: a dismissible dialog pointing to the mobile app, with a QR code chosen by language. */
export function MobileAppDialog() {
  const narrow = useNarrowScreen();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const t = useT();
  const open = narrow && !dismissed;

  return (
    <QrDialog
      open={open}
      onClose={() => {
        rememberDismissed();
        setDismissed(true);
      }}
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
