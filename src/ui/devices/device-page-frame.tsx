import { Box, Button, Container, Flex } from '@chakra-ui/react';
import { MAIN_CONTENT_ID, SkipLink } from '../common/skip-link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { brand } from '../common/brand';
import { useLanguage, useT } from '../i18n/language-context';
import { BrandMark } from '../common/brand-mark';
import { LanguageSwitch } from '../common/language-switch';
import { paths } from '../shell/paths';

function BackIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
      <path d="M15 18l-6-6 6-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The frame of the device detail pages: back to /index/device, the brand, the language switch. */
export function DevicePageFrame({ children }: { children: ReactNode }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <Flex direction="column" minH="100dvh" bg="gray.50">
      <SkipLink />
      <Box as="header" bg="white" borderBottomWidth="1px" borderColor="gray.200" position="sticky" top="0" zIndex="sticky">
        <Flex maxW="7xl" mx="auto" px={{ base: 2, md: 6 }} h="14" align="center" gap={{ base: 1, md: 3 }}>
          <Button asChild variant="ghost" size="sm" px="2" color="gray.700">
            <RouterLink to={paths.section('device')} data-testid="device-back" aria-label={t('devices.live.back')}>
              <BackIcon />
              <Box as="span" display={{ base: 'none', sm: 'inline' }}>
                {t('devices.live.back')}
              </Box>
            </RouterLink>
          </Button>
          <RouterLink to={paths.section('device')} aria-label={brand.portalName[language]} style={{ minWidth: 0, display: 'flex' }}>
            <BrandMark label={brand.portalName[language]} shrink />
          </RouterLink>
          <Box flex="1" />
          <LanguageSwitch />
        </Flex>
      </Box>
      <Container as="main" id={MAIN_CONTENT_ID} tabIndex={-1} outline="none" maxW="7xl" flex="1" px={{ base: 3, sm: 4, md: 6 }} py={{ base: 4, md: 8 }}>
        {children}
      </Container>
    </Flex>
  );
}
