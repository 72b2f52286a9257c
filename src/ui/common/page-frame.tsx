import { Box, Button, Container, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { brand } from './brand';
import { useLanguage, useT } from '../i18n/language-context';
import { BrandMark } from './brand-mark';
import { LanguageSwitch } from './language-switch';

function BackIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
      <path d="M15 18l-6-6 6-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export interface PageFrameProps {
  /** Where the back link goes. */
  backTo: string;
  backLabel: string;
  /** Content width. */
  width?: '3xl' | '5xl' | '6xl';
  children: ReactNode;
}

/** The frame of the stand-alone public pages: a back link, the brand, the language switch, the hotline. */
export function PageFrame({ backTo, backLabel, width = '5xl', children }: PageFrameProps) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <Flex direction="column" minH="100dvh" bg="gray.50">
      <Box as="header" bg="white" borderBottomWidth="1px" borderColor="gray.200" position="sticky" top="0" zIndex="sticky">
        <Flex maxW="6xl" mx="auto" px={{ base: 2, md: 6 }} h="14" align="center" gap={{ base: 1, md: 3 }}>
          <Button asChild variant="ghost" size="sm" px="2" color="gray.700">
            <RouterLink to={backTo} data-testid="page-back">
              <BackIcon />
              <Box as="span" display={{ base: 'none', sm: 'inline' }}>
                {backLabel}
              </Box>
            </RouterLink>
          </Button>
          <RouterLink to="/" aria-label={t('software.frame.home')} style={{ minWidth: 0, display: 'flex' }}>
            <BrandMark label={brand.portalName[language]} shrink />
          </RouterLink>
          <Box flex="1" />
          <LanguageSwitch />
        </Flex>
      </Box>
      <Container as="main" maxW={width} flex="1" px={{ base: 3, sm: 4, md: 6 }} py={{ base: 5, md: 10 }}>
        {children}
      </Container>
      <Box as="footer" py="5" px="4" textAlign="center" fontSize="xs" color="gray.500">
        {brand.portalName[language]} · {brand.hotline} · {brand.mailbox}
      </Box>
    </Flex>
  );
}
