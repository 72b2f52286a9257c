import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { brand } from '../common/brand';
import { firstScreenShows } from '../common/first-screen';
import { DISMISS_ATTRIBUTE, MOBILE_APP_DIALOG_DISMISSED_KEY } from '../common/first-screen-markup';
import { MiniProgramQr, QrDialog } from '../common/mini-program-qr';
import { useNarrowScreen } from '../common/use-narrow-screen';
import { useT } from '../i18n/language-context';

// Remembered for the browser tab's session, not forever: a person who closed it is not asked again
// on every reload or tab change, and a later visit offers the app once more. Kept out of the storage
// port, whose keys are spec 1's; storage may be refused (private modes), then it is just not remembered.
// The visitor pages' first screen from the build shows this dialog too, and its inline script
// reads and writes the same key (scripts/prerender-first-screens.tsx, common/first-screen-script.ts).
export { MOBILE_APP_DIALOG_DISMISSED_KEY };
const wasDismissed = () => {
  try {
    return window.sessionStorage.getItem(MOBILE_APP_DIALOG_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};
const rememberDismissed = () => {
  try {
    window.sessionStorage.setItem(MOBILE_APP_DIALOG_DISMISSED_KEY, '1');
  } catch {
    // not remembered: shown again on the next load
  }
};

/** The first screen's copy of this dialog, while it shows. */
const COPY_SELECTOR = `[${DISMISS_ATTRIBUTE}="${MOBILE_APP_DIALOG_DISMISSED_KEY}"]`;

/** Below 769 px: a dismissible dialog pointing to the mobile app, with a QR code chosen by language. */
export function MobileAppDialog() {
  const narrow = useNarrowScreen();
  const [dismissed, setDismissed] = useState(wasDismissed);
  // Taking over from the first screen's copy, which is on the screen already: no entry animation.
  const [instant] = useState(() => firstScreenShows(COPY_SELECTOR));
  return (
    <MobileAppDialogView
      open={narrow && !dismissed}
      instant={instant}
      onClose={() => {
        rememberDismissed();
        setDismissed(true);
      }}
    />
  );
}

/** The dialog itself, also rendered into the visitor pages' first screen at build time. */
export function MobileAppDialogView({ open, instant = false, onClose }: { open: boolean; instant?: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <QrDialog open={open} instant={instant} onClose={onClose} testId="mobile-app-dialog" title={t('shell.mobile.title')} closeText={t('shell.mobile.continue')}>
      <Stack align="center" gap="4" textAlign="center">
        <Text color="gray.600" fontSize="sm">
          {t('shell.mobile.body', { brand: brand.name })}
        </Text>
        <MiniProgramQr alt={t('shell.mobile.qrAlt', { brand: brand.name })} />
      </Stack>
    </QrDialog>
  );
}
