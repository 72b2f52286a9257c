import { Box, Button, Flex, HStack, IconButton, Link } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { brand } from '../common/brand';
import { DeferredControl } from '../common/deferred-control';
import { deferredModule, useDeferredModule } from '../common/deferred-module';
import { useLanguage, useT } from '../i18n/language-context';
import { BrandMark } from '../common/brand-mark';
import { goTo, LANDING_ANCHORS, TOP_BAR_HEIGHT } from './landing-anchors';
import { ICONS, LineIcon } from './landing-art';
import { LanguageButton, SectionMenuButton } from './landing-nav-buttons';

export { LANDING_ANCHORS, TOP_BAR_HEIGHT, type LandingAnchor } from './landing-anchors';

// The menus and the QR dialog load just after the first paint; the bar shows look-alike buttons until then.
export const landingControls = deferredModule(() => import('./landing-controls'));

/** Fixed top bar: brand, section anchors, technical support, official site, language, login (or the mini-program QR below 768 px). */
export function LandingTopBar({ loggedIn }: { loggedIn: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  const [qrOpen, setQrOpen] = useState(false);
  // A tap on the QR button before the dialog's code is there opens it once it has loaded.
  const loaded = useDeferredModule(landingControls);
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
        <DeferredControl module={landingControls} render={(m) => <m.LanguageSwitch />} placeholder={<LanguageButton language={language} label={t('common.language')} />} />
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
        <DeferredControl module={landingControls} render={(m) => <m.SectionMenu official={official} />} placeholder={<SectionMenuButton label={t('landing.nav.menu')} />} />
      </Flex>
      {loaded && <loaded.MiniProgramDialog open={qrOpen} onClose={() => setQrOpen(false)} />}
    </Box>
  );
}
