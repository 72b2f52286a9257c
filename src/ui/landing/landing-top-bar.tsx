import { Box, Button, Flex, HStack, IconButton, Link, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { brand } from '../common/brand';
import { MiniProgramQr, QrDialog } from '../common/mini-program-qr';
import { useT } from '../i18n/language-context';
import { BrandMark } from '../shell/brand-mark';
import { LanguageSwitch } from '../shell/language-switch';
import { ICONS, LineIcon } from './landing-art';
import { scrollToSection } from './smooth-scroll';

/** The sections the top bar links to, in page order. */
export const LANDING_ANCHORS = ['platform', 'mes', 'hub', 'cam', 'contact'] as const;
export type LandingAnchor = (typeof LANDING_ANCHORS)[number];

export const TOP_BAR_HEIGHT = 64;

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
        <MiniProgramQr open={open} alt={t('landing.mini.qrAlt', { brand: brand.name })} />
        <Box as="ol" fontSize="sm" color="gray.700" ps="5" listStyleType="decimal" alignSelf="stretch">
          <li>{t('landing.mini.step1')}</li>
          <li>{t('landing.mini.step2')}</li>
          <li>{t('landing.mini.step3')}</li>
        </Box>
      </Stack>
    </QrDialog>
  );
}

function goTo(anchor: LandingAnchor) {
  scrollToSection(anchor);
}

/** Fixed top bar: brand, section anchors, technical support, official site, language, login (or the mini-program QR below 768 px). */
export function LandingTopBar({ loggedIn }: { loggedIn: boolean }) {
  const t = useT();
  const [qrOpen, setQrOpen] = useState(false);
  const official = `${t('landing.nav.official')} ${t('landing.nav.external')}`;

  return (
    <Box
      as="header"
      position="fixed"
      top="0"
      insetX="0"
      zIndex="sticky"
      h={`${TOP_BAR_HEIGHT}px`}
      bg="rgba(255,255,255,0.94)"
      backdropFilter="saturate(180%) blur(8px)"
      borderBottomWidth="1px"
      borderColor="gray.200"
      data-testid="landing-top-bar"
    >
      <Flex maxW="7xl" mx="auto" h="full" px={{ base: 3, md: 6 }} align="center" gap={{ base: 1, md: 2 }} color="gray.800">
        <Link href="#top" onClick={(e) => (e.preventDefault(), window.scrollTo({ top: 0, behavior: 'smooth' }))} _hover={{ textDecoration: 'none' }} minW="0">
          <BrandMark shrink />
        </Link>
        <HStack as="nav" aria-label={t('landing.nav.label')} gap="1" ms="6" display={{ base: 'none', lg: 'flex' }}>
          {LANDING_ANCHORS.map((anchor) => (
            <Link
              key={anchor}
              href={`#${anchor}`}
              onClick={(e) => {
                e.preventDefault();
                goTo(anchor);
              }}
              px="3"
              py="2"
              borderRadius="md"
              fontSize="sm"
              fontWeight="medium"
              color="gray.700"
              _hover={{ bg: 'gray.100', textDecoration: 'none', color: 'blue.700' }}
              data-testid={`anchor-${anchor}`}
            >
              {t(`landing.nav.${anchor}`)}
            </Link>
          ))}
        </HStack>
        <Box flex="1" />
        <Link asChild fontSize="sm" fontWeight="medium" color="gray.700" px="2" display={{ base: 'none', lg: 'inline-flex' }} _hover={{ color: 'blue.700' }}>
          <RouterLink to="/visitor/software" data-testid="landing-support">
            {t('landing.nav.support')}
          </RouterLink>
        </Link>
        <Link
          href={brand.officialSite}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={official}
          fontSize="sm"
          fontWeight="medium"
          color="gray.700"
          px="2"
          gap="1"
          display="none"
          // Spec 1 section 9: the official site link shows from 1200 px (below, it is in the menu).
          css={{ '@media (min-width: 1200px)': { display: 'inline-flex' } }}
          _hover={{ color: 'blue.700' }}
          data-testid="landing-official"
        >
          {t('landing.nav.official')}
          <LineIcon d={ICONS.external} size={14} />
        </Link>
        <LanguageSwitch />
        <Button asChild size="sm" colorPalette="blue" display={{ base: 'none', md: 'inline-flex' }} ms="1" data-testid="landing-login">
          <RouterLink to={loggedIn ? '/index' : '/Login'}>{t(loggedIn ? 'landing.nav.enter' : 'landing.nav.login')}</RouterLink>
        </Button>
        <IconButton
          size="sm"
          variant="ghost"
          color="gray.700"
          display={{ base: 'inline-flex', md: 'none' }}
          aria-label={t('landing.nav.miniProgram')}
          onClick={() => setQrOpen(true)}
          data-testid="landing-qr"
        >
          <LineIcon d={ICONS.qr} size={20} />
        </IconButton>
        <Menu.Root
          onSelect={(details) => {
            if ((LANDING_ANCHORS as readonly string[]).includes(details.value)) goTo(details.value as LandingAnchor);
          }}
        >
          <Menu.Trigger asChild>
            <IconButton
              size="sm"
              variant="ghost"
              color="gray.700"
              // Below 1200 px the menu also carries the official site link.
              css={{ '@media (min-width: 1200px)': { display: 'none' } }}
              aria-label={t('landing.nav.menu')}
              data-testid="landing-menu"
            >
              <LineIcon d={ICONS.menu} size={20} />
            </IconButton>
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
      </Flex>
      <MiniProgramDialog open={qrOpen} onClose={() => setQrOpen(false)} />
    </Box>
  );
}
