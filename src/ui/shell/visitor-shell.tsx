import { Badge, Box, Button, Flex, Tabs, Text } from '@chakra-ui/react';
import { MAIN_CONTENT_ID, SkipLink } from '../common/skip-link';
import { useEffect } from 'react';
import { Link as RouterLink, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { brand } from '../common/brand';
import { SessionStoreToken } from '../../ports/tokens';
import { useService } from '../common/services-context';
import { useLanguage, useT } from '../i18n/language-context';
import { BrandMark } from '../common/brand-mark';
import { LanguageSwitch } from '../common/language-switch';
import { MobileAppDialog } from './mobile-app-dialog';

/** The three visitor tabs (spec 3 section 2). */
export const VISITOR_TABS = ['software', 'knowledge', 'download'] as const;
export type VisitorTab = (typeof VISITOR_TABS)[number];

/** `/visitor` and unknown tabs open technical support. */
export function DefaultVisitorTab() {
  return <Navigate to="/visitor/software" replace />;
}

function BackIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
      <path d="M15 18l-6-6 6-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function ExitIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The visitor shell of `/visitor/<tab>`: product name and version, tabs, back and exit. */
export default function VisitorShell() {
  const t = useT();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const sessionStore = useService(SessionStoreToken);
  const tab = (VISITOR_TABS as readonly string[]).find((name) => name === location.pathname.split('/')[2]) ?? 'software';

  useEffect(() => {
    sessionStore.enterAsVisitor();
  }, [sessionStore]);

  const back = () => {
    // Opened directly (no page of ours before it): back goes to the landing page.
    if (location.key === 'default') navigate('/');
    else navigate(-1);
  };

  const exit = () => {
    sessionStore.clear();
    navigate('/', { replace: true });
  };

  return (
    <Flex direction="column" minH="100dvh" bg="gray.50">
      <SkipLink />
      <Box as="header" bgGradient="to-r" gradientFrom="blue.900" gradientTo="blue.700" color="white" boxShadow="sm">
        <Flex maxW="1600px" mx="auto" px={{ base: 2, md: 6 }} h="14" align="center" gap={{ base: 1, md: 3 }}>
          <Button variant="ghost" size="sm" color="white" _hover={{ bg: 'whiteAlpha.200' }} onClick={back} px="2" aria-label={t('common.back')}>
            <BackIcon />
            <Box as="span" display={{ base: 'none', sm: 'inline' }}>
              {t('common.back')}
            </Box>
          </Button>
          <RouterLink to="/" aria-label={brand.portalName[language]} style={{ minWidth: 0, display: 'flex' }}>
            <BrandMark label={brand.portalName[language]} shrink />
          </RouterLink>
          <Badge variant="subtle" colorPalette="blue" bg="whiteAlpha.200" color="white" flexShrink={0} data-testid="visitor-version">
            {t('shell.visitor.version', { version: brand.version })}
          </Badge>
          <Box flex="1" minW="1" />
          <LanguageSwitch tone="dark" />
          <Button
            variant="outline"
            size="sm"
            color="white"
            borderColor="whiteAlpha.500"
            _hover={{ bg: 'whiteAlpha.200' }}
            onClick={exit}
            data-testid="visitor-exit"
            aria-label={t('common.exit')}
            px={{ base: 2, md: 3 }}
          >
            <ExitIcon />
            <Box as="span" display={{ base: 'none', sm: 'inline' }}>
              {t('common.exit')}
            </Box>
          </Button>
        </Flex>
      </Box>
      {/* The tab strip and the page under it are one Tabs: the selected tab's aria-controls names the panel that is there. */}
      <Tabs.Root
        value={tab}
        onValueChange={(details) => navigate(`/visitor/${details.value}`)}
        variant="line"
        size={{ base: 'sm', md: 'md' }}
        colorPalette="blue"
        activationMode="manual"
        display="flex"
        flexDirection="column"
        flex="1"
      >
      <Box bg="white" borderBottomWidth="1px" borderColor="gray.200">
        <Box maxW="1600px" mx="auto" px={{ base: 2, md: 6 }}>
            <Tabs.List aria-label={t('shell.visitor.tabs')} borderBottomWidth="0" overflowX="auto">
              {VISITOR_TABS.map((name) => (
                <Tabs.Trigger key={name} value={name} whiteSpace="nowrap" data-tab={name}>
                  {t(`shell.visitor.${name}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
        </Box>
      </Box>
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} outline="none" flex="1" w="full" maxW="1600px" mx="auto" px={{ base: 3, md: 6 }} py={{ base: 4, md: 6 }}>
        <Tabs.Content value={tab} p="0">
          <Outlet />
        </Tabs.Content>
      </Box>
      </Tabs.Root>
      <Box as="footer" py="4" textAlign="center">
        <Text fontSize="xs" color="gray.500">
          {brand.portalName[language]} · {brand.hotline} · {brand.mailbox}
        </Text>
      </Box>
      <MobileAppDialog />
    </Flex>
  );
}
