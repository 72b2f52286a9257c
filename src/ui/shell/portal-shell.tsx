import { Avatar, Box, Button, Flex, Menu, Portal } from '@chakra-ui/react';
import { ShellBell } from '../alarms/shell-bell';
import { companyName } from '../companies/company-name';
import { ShellCompanies, type ShellCompaniesView } from '../companies/shell-companies';
import { MAIN_CONTENT_ID, SkipLink } from '../common/skip-link';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { waitFor } from 'xstate';
import { brand } from '../common/brand';
import { KeyValueStorageToken, SessionStoreToken } from '../../ports/tokens';
import { useService, useSession } from '../common/services-context';
import { useT } from '../i18n/language-context';
import { AssistantMark } from './assistant-mark';
import { BrandMark } from '../common/brand-mark';
import { LanguageSwitch } from '../common/language-switch';
import { DEFAULT_SECTION, PORTAL_SECTIONS, sectionFromSegment, sectionSegment, type PortalSection } from './sections';

function useCurrentSection(): PortalSection | null {
  const { pathname } = useLocation();
  return sectionFromSegment(pathname.split('/')[2], brand.name);
}

/** `/index`: opens the section stored under `router`, else device. */
export function RestoreSection() {
  const stored = sectionFromSegment(useService(KeyValueStorageToken).get('router'), brand.name);
  return <Navigate to={sectionSegment(stored ?? DEFAULT_SECTION, brand.name)} replace />;
}

/** `/index/<unknown>`: back to the default section. */
export function UnknownSection() {
  return <Navigate to={`/index/${DEFAULT_SECTION}`} replace />;
}

/**
 * On phones the ten sections are a sideways strip. It shows where it goes on: the edge fades where
 * more sections are hidden, and the current section is scrolled into the strip's view.
 */
function useStripScroll(current: PortalSection | null) {
  const strip = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const measure = () => {
    const el = strip.current;
    if (!el) return;
    const before = el.scrollLeft > 2;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 2;
    setMore((was) => (was.before === before && was.after === after ? was : { before, after }));
  };
  useEffect(() => {
    const el = strip.current;
    const active = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (el && active && el.scrollWidth > el.clientWidth) {
      // Centre it in the strip by hand: scrollIntoView would also scroll the page.
      el.scrollLeft = active.offsetLeft - (el.clientWidth - active.offsetWidth) / 2;
    }
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [current]);
  const fade = (side: 'left' | 'right', on: boolean) => (on ? `linear-gradient(to ${side}, black calc(100% - 2.5rem), transparent)` : null);
  const masks = [fade('right', more.after), fade('left', more.before)].filter(Boolean);
  return { strip, onScroll: measure, mask: masks.length ? masks.join(', ') : undefined, more };
}

function SectionNav({ current }: { current: PortalSection | null }) {
  const t = useT();
  const { strip, onScroll, mask, more } = useStripScroll(current);
  return (
    <Box
      as="nav"
      ref={strip}
      onScroll={onScroll}
      data-more-before={more.before || undefined}
      data-more-after={more.after || undefined}
      aria-label={t('shell.nav.label')}
      flex={{ base: '1 0 100%', lg: '1 1 auto' }}
      order={{ base: 3, lg: 0 }}
      minW="0"
      overflowX="auto"
      mx={{ base: -3, lg: 0 }}
      px={{ base: 3, lg: 0 }}
      borderTopWidth={{ base: '1px', lg: '0' }}
      borderColor="gray.100"
      css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' }, maskImage: mask, maskComposite: 'intersect' }}
    >
      <Flex as="ul" listStyleType="none" gap="1" py={{ base: 1.5, lg: 0 }} justify={{ base: 'flex-start', lg: 'center' }}>
        {PORTAL_SECTIONS.map((section) => {
          const active = section === current;
          return (
            <Box as="li" key={section} flexShrink={0}>
              <RouterLink
                to={`/index/${sectionSegment(section, brand.name)}`}
                aria-current={active ? 'page' : undefined}
                data-section={section}
              >
                <Box
                  as="span"
                  display="inline-block"
                  px="3"
                  py="1.5"
                  borderRadius="md"
                  fontSize="sm"
                  fontWeight={active ? 'semibold' : 'medium'}
                  whiteSpace="nowrap"
                  color={active ? 'blue.700' : 'gray.600'}
                  bg={active ? 'blue.50' : 'transparent'}
                  _hover={{ bg: active ? 'blue.50' : 'gray.100', color: active ? 'blue.700' : 'gray.900' }}
                  transition="background 0.15s"
                >
                  {t(`shell.nav.${section}`, { brand: brand.name })}
                </Box>
              </RouterLink>
            </Box>
          );
        })}
      </Flex>
    </Box>
  );
}

function AccountMenu({ onLogout, companies }: { onLogout: () => void; companies: ShellCompaniesView }) {
  const t = useT();
  const navigate = useNavigate();
  const user = useService(SessionStoreToken).user();
  const name = user.RealName || user.Account || '';
  const named = (c: ShellCompaniesView['companies'][number]) => companyName(c, t, 'shell.company.ofOwner');
  // The company part shows for a person of several companies: one of one has nothing to switch.
  const several = companies.companies.length > 1 ? companies : null;
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={(details) => {
        if (details.value === 'usercenter') navigate('/usercenter');
        if (details.value === 'notifications') navigate('/notifications');
        if (details.value === 'company') navigate('/company');
        if (details.value.startsWith('switch:')) companies.switchTo(details.value.slice('switch:'.length));
        if (details.value === 'logout') onLogout();
      }}
    >
      <Menu.Trigger asChild>
        {/* Named by its content: an aria-label would not contain the initials it shows (WCAG 2.5.3). */}
        <Button variant="ghost" size="sm" px="1" borderRadius="full" data-testid="account-menu" loading={companies.switching} gap="2">
          <Box as="span" srOnly>
            {t('shell.account')}
          </Box>
          {several?.current && (
            <Box as="span" display={{ base: 'none', md: 'inline' }} maxW="12rem" overflow="hidden" textOverflow="ellipsis" whiteSpace="nowrap" fontSize="sm" color="gray.700" data-lang-neutral="" data-testid="current-company">
              {named(several.current)}
            </Box>
          )}
          <Avatar.Root size="sm" colorPalette="blue" aria-hidden="true">
            <Avatar.Fallback name={name || undefined} data-lang-neutral="" />
            {user.Url ? <Avatar.Image src={user.Url} alt="" /> : null}
          </Avatar.Root>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40" maxW="80vw">
            {several && (
              <>
                <Menu.ItemGroup>
                  {several.current && (
                    <Menu.ItemGroupLabel fontWeight="normal" color="gray.600" data-testid="menu-current-company">
                      {t('shell.company.current')}{' '}
                      <Box as="span" fontWeight="semibold" color="gray.800" data-lang-neutral="">
                        {named(several.current)}
                      </Box>
                    </Menu.ItemGroupLabel>
                  )}
                  {several.companies
                    .filter((c) => !c.current)
                    .map((c) => (
                      <Menu.Item key={c.companyId} value={`switch:${c.companyId}`} data-testid="switch-company">
                        {/* One child: the item lays its children out in a row. */}
                        <Box as="span">
                          {t('shell.company.switchTo')}{' '}
                          <Box as="span" data-lang-neutral="">
                            {named(c)}
                          </Box>
                        </Box>
                      </Menu.Item>
                    ))}
                </Menu.ItemGroup>
                <Menu.Separator />
              </>
            )}
            <Menu.Item value="usercenter">{t('shell.userCenter')}</Menu.Item>
            <Menu.Item value="company" data-testid="menu-company">
              {t('shell.company.manage')}
            </Menu.Item>
            <Menu.Item value="notifications">{t('shell.notifications')}</Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" color="red.600">
              {t('shell.logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The logged-in shell of `/index/<section>`: navigation, account menu, language switch and the assistant. */
export default function PortalShell() {
  const t = useT();
  const navigate = useNavigate();
  const session = useSession();
  const storage = useService(KeyValueStorageToken);
  const sessionStore = useService(SessionStoreToken);
  const current = useCurrentSection();
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (current) storage.set('router', current);
  }, [current, storage]);

  useEffect(() => {
    sessionStore.leaveVisitorMode();
  }, [sessionStore]);

  const logout = async () => {
    if (leaving) return;
    setLeaving(true);
    session.send({ type: 'session.logout' });
    await waitFor(session, (snapshot) => snapshot.matches('loggedOut'));
    navigate('/', { replace: true });
  };

  return (
    <Flex direction="column" minH="100dvh" bg="gray.50">
      <SkipLink />
      <Box as="header" bg="white" borderBottomWidth="1px" borderColor="gray.200" position="sticky" top="0" zIndex="sticky">
        <Flex
          maxW="1600px"
          mx="auto"
          px={{ base: 3, md: 6 }}
          minH="14"
          pt={{ base: 2, lg: 0 }}
          align="center"
          wrap="wrap"
          columnGap={{ base: 2, md: 6 }}
        >
          <RouterLink to={`/index/${DEFAULT_SECTION}`} aria-label={brand.name}>
            <BrandMark />
          </RouterLink>
          <Box flex={{ base: '1', lg: '0' }} />
          <SectionNav current={current} />
          <Flex align="center" gap="1" flexShrink={0}>
            <LanguageSwitch />
            <ShellBell />
            <ShellCompanies render={(companies) => <AccountMenu onLogout={() => void logout()} companies={companies} />} />
          </Flex>
        </Flex>
      </Box>
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} outline="none" flex="1" w="full" maxW="1600px" mx="auto" px={{ base: 3, md: 6 }} py={{ base: 4, md: 6 }}>
        <Outlet />
      </Box>
      {current !== 'gpt' && (
        <Box
          as="button"
          position="fixed"
          right={{ base: 4, md: 8 }}
          bottom={{ base: 4, md: 8 }}
          zIndex="docked"
          borderRadius="full"
          boxShadow="lg"
          cursor="pointer"
          transition="transform 0.15s"
          _hover={{ transform: 'translateY(-2px) scale(1.04)' }}
          _focusVisible={{ outline: '3px solid', outlineColor: 'blue.300', outlineOffset: '2px' }}
          aria-label={t('shell.assistant.open', { brand: brand.name })}
          title={t('shell.assistant.open', { brand: brand.name })}
          data-testid="assistant-button"
          onClick={() => navigate(`/index/${sectionSegment('gpt', brand.name)}`)}
        >
          <AssistantMark />
        </Box>
      )}
    </Flex>
  );
}
