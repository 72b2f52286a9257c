import { Box, Button, Container, Flex } from '@chakra-ui/react';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
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
  /** Back to the previous page (history) when there is one in the app; `backTo` otherwise (a page opened directly). */
  backInHistory?: boolean;
  backLabel: string;
  /** Content width. */
  width?: '3xl' | '5xl' | '6xl';
  children: ReactNode;
}

/** The frame of the stand-alone public pages: a back link, the brand, the language switch, the hotline. */
export function PageFrame({ backTo, backLabel, backInHistory = false, width = '5xl', children }: PageFrameProps) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const { language } = useLanguage();
  return (
    <Flex direction="column" minH="100dvh" bg="gray.50">
      <SkipLink />
      <Box as="header" bg="white" borderBottomWidth="1px" borderColor="gray.200" position="sticky" top="0" zIndex="sticky">
        <Flex maxW="6xl" mx="auto" px={{ base: 2, md: 6 }} h="14" align="center" gap={{ base: 1, md: 3 }}>
          <Button asChild variant="ghost" size="sm" px="2" color="gray.700">
            {/* Named on phones too, where only the arrow shows. */}
            <RouterLink
              to={backTo}
              data-testid="page-back"
              aria-label={backLabel}
              onClick={(event) => {
                // React Router's first location has the key 'default': no earlier page of the app to go back to.
                if (!backInHistory || location.key === 'default') return;
                event.preventDefault();
                navigate(-1);
              }}
            >
              <BackIcon />
              <Box as="span" display={{ base: 'none', sm: 'inline' }}>
                {backLabel}
              </Box>
            </RouterLink>
          </Button>
          <RouterLink to="/" aria-label={`${brand.portalName[language]} · ${t('software.frame.home')}`} style={{ minWidth: 0, display: 'flex' }}>
            <BrandMark label={brand.portalName[language]} shrink />
          </RouterLink>
          <Box flex="1" />
          <LanguageSwitch />
        </Flex>
      </Box>
      <Container as="main" id={MAIN_CONTENT_ID} tabIndex={-1} outline="none" maxW={width} flex="1" px={{ base: 3, sm: 4, md: 6 }} py={{ base: 5, md: 10 }}>
        {children}
      </Container>
      <Box as="footer" py="5" px="4" textAlign="center" fontSize="xs" color="gray.500">
        {brand.portalName[language]} · {brand.hotline} · {brand.mailbox}
      </Box>
    </Flex>
  );
}
