import { Box, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { brand } from '../common/brand';
import { MiniProgramQr, QrDialog } from '../common/mini-program-qr';
import { useT } from '../i18n/language-context';
import { goTo, isLandingAnchor, LANDING_ANCHORS } from './landing-anchors';
import { ICONS, LineIcon } from './landing-art';
import { SectionMenuButton } from './landing-nav-buttons';

// The top bar's menus and dialog: their code (Chakra's menu and dialog with positioning, focus
// trap and scroll lock, about 45 kB of gzip) loads just after the page paints (landing-top-bar.tsx).

export { LanguageSwitch } from '../common/language-switch';

/** The mini program's QR code with how to use it (narrow screens, instead of the login button). */
export function MiniProgramDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();

  return (
    <QrDialog
      open={open}
      onClose={onClose}
      testId="mini-program-dialog"
      title={t('landing.mini.title', { brand: brand.name })}
      closeText={t('landing.mini.close')}
    >
      <Stack align="center" gap="4">
        <Text color="gray.600" fontSize="sm" textAlign="center">
          {t('landing.mini.body')}
        </Text>
        <MiniProgramQr alt={t('landing.mini.qrAlt', { brand: brand.name })} />
        <Box as="ol" fontSize="sm" color="gray.700" ps="5" listStyleType="decimal" alignSelf="stretch">
          <li>{t('landing.mini.step1')}</li>
          <li>{t('landing.mini.step2')}</li>
          <li>{t('landing.mini.step3')}</li>
        </Box>
      </Stack>
    </QrDialog>
  );
}

/** The menu button below 1200 px: the section anchors, technical support and the official site. */
export function SectionMenu({ official }: { official: string }) {
  const t = useT();
  return (
    <Menu.Root
      onSelect={(details) => {
        if (isLandingAnchor(details.value)) goTo(details.value);
      }}
    >
      <Menu.Trigger asChild>
        <SectionMenuButton label={t('landing.nav.menu')} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="52">
            {LANDING_ANCHORS.map((anchor) => (
              <Menu.Item key={anchor} value={anchor}>
                {t(`landing.nav.${anchor}`)}
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value="support" asChild>
              <RouterLink to="/visitor/software">{t('landing.nav.support')}</RouterLink>
            </Menu.Item>
            <Menu.Item value="official" asChild>
              <a href={brand.officialSite} target="_blank" rel="noopener noreferrer" aria-label={official}>
                {t('landing.nav.official')}
                <LineIcon d={ICONS.external} size={14} />
              </a>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
