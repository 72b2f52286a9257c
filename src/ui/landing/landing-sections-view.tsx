import { Alert, Box, Button, Container, Flex, Grid, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { brand } from '../common/brand';
import { useT } from '../i18n/language-context';
import { LaserMark } from '../common/brand-mark';
import { paths } from '../shell/paths';
import { LANDING_ANCHORS, TOP_BAR_HEIGHT } from './landing-anchors';
import { ICONS, LineIcon } from './landing-art';
import { ORANGE_CTA } from './landing-cta';
import { HubArt, MesArt } from './landing-section-art';
import { scrollToSection } from './smooth-scroll';

/** The client cases page that the HUB partners open (on the official site). */
export function clientCasesUrl(officialSite: string = brand.officialSite): string {
  try {
    return new URL('cases', officialSite.endsWith('/') ? officialSite : `${officialSite}/`).toString();
  } catch {
    return officialSite;
  }
}

const PLATFORM = ['monitor', 'reports', 'stats', 'maintenance', 'repair', 'files', 'knowledge', 'vip'] as const;
const HUB = ['params', 'controllers', 'edge', 'secure', 'install', 'alarm'] as const;
const PARTNERS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'] as const;
const MES_MODULES = [1, 2, 3, 4, 5, 6] as const;

/** MES gain figures of spec 1 section 2: the average and its three bars. */
export const GAINS = [
  { key: 'efficiency', figure: 60, bars: [65, 90, 22], color: 'blue' },
  { key: 'cost', figure: 50, bars: [35, 80, 32], color: 'orange' },
] as const;

function SectionHeading({ id, eyebrow, title, intro, tone = 'light', align = 'center' }: { id: string; eyebrow: string; title: string; intro?: string; tone?: 'light' | 'dark'; align?: 'center' | 'start' }) {
  const dark = tone === 'dark';
  return (
    <Stack gap="3" textAlign={align} align={align === 'center' ? 'center' : 'start'} maxW="3xl" mx={align === 'center' ? 'auto' : undefined} mb={{ base: 8, md: 12 }}>
      <Text fontSize="sm" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color={dark ? 'orange.300' : 'orange.700'}>
        {eyebrow}
      </Text>
      <Heading as="h2" id={`${id}-title`} fontSize={{ base: '2xl', md: '3xl' }} lineHeight="1.25" color={dark ? 'white' : 'gray.900'}>
        {title}
      </Heading>
      {intro && (
        <Text fontSize={{ base: 'md', md: 'lg' }} color={dark ? 'whiteAlpha.800' : 'gray.600'}>
          {intro}
        </Text>
      )}
    </Stack>
  );
}

function Section({ id, children, bg = 'white', ...rest }: { id?: string; children: ReactNode; bg?: string; color?: string; 'data-testid'?: string }) {
  return (
    <Box
      as="section"
      id={id}
      tabIndex={id ? -1 : undefined}
      aria-labelledby={id ? `${id}-title` : undefined}
      bg={bg}
      py={{ base: 14, md: 20 }}
      scrollMarginTop={`${TOP_BAR_HEIGHT}px`}
      _focusVisible={{ outline: 'none' }}
      {...rest}
    >
      <Container maxW="7xl" px={{ base: 4, md: 6 }}>
        {children}
      </Container>
    </Box>
  );
}

function IconTile({ icon, tone = 'blue' }: { icon: string; tone?: 'blue' | 'orange' | 'dark' }) {
  const styles = tone === 'dark' ? { bg: 'whiteAlpha.200', color: 'orange.200' } : tone === 'orange' ? { bg: 'orange.50', color: 'orange.600' } : { bg: 'blue.50', color: 'blue.700' };
  return (
    <Flex w="11" h="11" borderRadius="lg" align="center" justify="center" flexShrink={0} {...styles}>
      <LineIcon d={icon} />
    </Flex>
  );
}

function PlatformServices() {
  const t = useT();
  return (
    <Section id="platform" bg="gray.50">
      <SectionHeading id="platform" eyebrow={t('landing.platform.eyebrow')} title={t('landing.platform.title')} intro={t('landing.platform.intro')} />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={{ base: 4, md: 5 }}>
        {PLATFORM.map((key) => (
          <Stack key={key} gap="3" bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p="5">
            <IconTile icon={ICONS[key]} />
            <Heading as="h3" size="md" color="gray.800">
              {t(`landing.platform.${key}`)}
            </Heading>
            <Text fontSize="sm" color="gray.600">
              {t(`landing.platform.${key}Text`)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Section>
  );
}

function Industries({ carousel }: { carousel: ReactNode }) {
  const t = useT();
  return (
    <Section id="industries">
      <SectionHeading id="industries" eyebrow={t('landing.industries.eyebrow')} title={t('landing.industries.title')} intro={t('landing.industries.intro')} />
      {carousel}
    </Section>
  );
}

function MesSolution() {
  const t = useT();
  return (
    <Section id="mes" bg="gray.50">
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap={{ base: 8, lg: 14 }} alignItems="center">
        <Box>
          <SectionHeading id="mes" eyebrow={t('landing.mes.eyebrow')} title={t('landing.mes.title')} intro={t('landing.mes.intro')} align="start" />
          <SimpleGrid as="ul" columns={{ base: 1, sm: 2 }} gap="3" mt="-4" listStyleType="none">
            {MES_MODULES.map((n) => (
              <HStack as="li" key={n} gap="2.5" align="start" color="gray.700">
                <Box color="green.600" mt="0.5" flexShrink={0}>
                  <LineIcon d={ICONS.check} size={18} />
                </Box>
                <Text fontSize="sm">{t(`landing.mes.module${n}`)}</Text>
              </HStack>
            ))}
          </SimpleGrid>
        </Box>
        <Flex justify="center">
          <MesArt label={t('landing.mes.art')} />
        </Flex>
      </Grid>
    </Section>
  );
}

function MesGains() {
  const t = useT();
  const [asked, setAsked] = useState(false);
  return (
    <Section data-testid="mes-gains">
      <SectionHeading id="gains" eyebrow={t('landing.gains.eyebrow')} title={t('landing.gains.title')} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: 5, md: 8 }}>
        {GAINS.map((gain) => (
          <Box key={gain.key} borderRadius="2xl" borderWidth="1px" borderColor="gray.200" p={{ base: 5, md: 8 }} bg={`${gain.color}.50`} data-testid={`gain-${gain.key}`}>
            <HStack align="baseline" gap="3" mb="6" wrap="wrap">
              <Text fontSize={{ base: '5xl', md: '6xl' }} fontWeight="bold" lineHeight="1" color={`${gain.color}.700`}>
                {gain.figure}%
              </Text>
              <Text fontSize="lg" color="gray.700" fontWeight="medium">
                {t(`landing.gains.${gain.key}`)}
              </Text>
            </HStack>
            <Stack gap="4">
              {gain.bars.map((value, i) => (
                <Box key={i}>
                  <Flex justify="space-between" fontSize="sm" mb="1.5">
                    <Text color="gray.700">
                      {t(`landing.gains.${gain.key}${i + 1}`)}
                    </Text>
                    <Text fontWeight="semibold" color="gray.900">
                      {value}%
                    </Text>
                  </Flex>
                  <Box h="2.5" bg="white" borderRadius="full" overflow="hidden" aria-hidden="true">
                    <Box h="full" w={`${value}%`} bg={`${gain.color}.500`} borderRadius="full" />
                  </Box>
                </Box>
              ))}
            </Stack>
          </Box>
        ))}
      </SimpleGrid>
      <Stack align="center" gap="4" mt={{ base: 8, md: 10 }}>
        <Text fontSize="xs" color="gray.500" textAlign="center">
          {t('landing.gains.note')}
        </Text>
        <Button colorPalette="orange" {...ORANGE_CTA} size="lg" px="10" onClick={() => setAsked(true)} data-testid="mes-purchase">
          {t('landing.gains.purchase')}
        </Button>
        <Box role="status" aria-live="polite" w="full" maxW="xl">
          {asked && (
            <Alert.Root status="info" borderRadius="lg" data-testid="mes-purchase-message">
              <Alert.Indicator />
              <Alert.Title fontWeight="normal">{t('landing.gains.purchaseMessage', { hotline: brand.hotline })}</Alert.Title>
            </Alert.Root>
          )}
        </Box>
      </Stack>
    </Section>
  );
}

function HubFeatures() {
  const t = useT();
  return (
    <Section id="hub" bg="#0b1b3f" color="white">
      <Grid templateColumns={{ base: '1fr', lg: '5fr 6fr' }} gap={{ base: 8, lg: 14 }} alignItems="center">
        <Flex justify="center" order={{ base: 1, lg: 0 }}>
          <HubArt label={t('landing.hub.art')} />
        </Flex>
        <Box>
          <SectionHeading id="hub" eyebrow={t('landing.hub.eyebrow')} title={t('landing.hub.title')} intro={t('landing.hub.intro')} tone="dark" align="start" />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5" mt="-2">
            {HUB.map((key) => (
              <HStack key={key} align="start" gap="3">
                <IconTile icon={ICONS[key]} tone="dark" />
                <Box>
                  <Heading as="h3" size="sm" color="white" mb="1">
                    {t(`landing.hub.${key}`)}
                  </Heading>
                  <Text fontSize="sm" color="whiteAlpha.800">
                    {t(`landing.hub.${key}Text`)}
                  </Text>
                </Box>
              </HStack>
            ))}
          </SimpleGrid>
        </Box>
      </Grid>
    </Section>
  );
}

function HubPartners() {
  const t = useT();
  const cases = clientCasesUrl();
  const external = t('landing.nav.external');
  return (
    <Section id="partners" bg="gray.50">
      <SectionHeading id="partners" eyebrow={t('landing.partners.eyebrow')} title={t('landing.partners.title')} intro={t('landing.partners.intro')} />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {PARTNERS.map((key) => (
          <Link
            key={key}
            href={cases}
            target="_blank"
            rel="noopener noreferrer"
            display="flex"
            alignItems="center"
            gap="4"
            bg="white"
            borderRadius="xl"
            borderWidth="1px"
            borderColor="gray.200"
            p="5"
            color="inherit"
            _hover={{ textDecoration: 'none', borderColor: 'blue.300', boxShadow: 'sm' }}
            data-testid="hub-partner"
          >
            <IconTile icon={ICONS.factory} tone="orange" />
            <Box flex="1" minW="0">
              <Text fontWeight="semibold" color="gray.800">
                {t(`landing.partners.${key}`)}
              </Text>
              <Text fontSize="sm" color="gray.600">
                {t(`landing.partners.${key}Text`)}
              </Text>
              {/* Said after the visible words, so the name holds them all (WCAG 2.5.3). */}
              <Box as="span" srOnly>
                {` – ${t('landing.partners.open')} ${external}`}
              </Box>
            </Box>
            <Box color="gray.400">
              <LineIcon d={ICONS.external} size={16} />
            </Box>
          </Link>
        ))}
      </SimpleGrid>
      <Flex justify="center" mt="8">
        <Button asChild variant="outline" colorPalette="blue">
          <a href={cases} target="_blank" rel="noopener noreferrer" data-testid="hub-cases">
            {t('landing.partners.open')}
            <LineIcon d={ICONS.external} size={14} />
          </a>
        </Button>
      </Flex>
    </Section>
  );
}

function CamSection({ cards }: { cards: ReactNode }) {
  const t = useT();
  return (
    <Section id="cam">
      <SectionHeading id="cam" eyebrow={t('landing.cam.eyebrow')} title={t('landing.cam.title')} intro={t('landing.cam.intro')} />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={{ base: 4, md: 5 }}>
        {cards}
      </SimpleGrid>
    </Section>
  );
}

function ContactSection({ form }: { form: ReactNode }) {
  const t = useT();
  const rows = [
    { icon: ICONS.phone, label: t('landing.contact.hotline'), value: brand.hotline, href: `tel:${brand.hotline.replace(/[^\d+]/g, '')}` },
    { icon: ICONS.mail, label: t('landing.contact.mailbox'), value: brand.mailbox, href: `mailto:${brand.mailbox}` },
    { icon: ICONS.clock, label: t('landing.contact.hours'), value: t('landing.contact.hoursValue') },
  ];
  return (
    <Section id="contact" bg="gray.50">
      <Grid templateColumns={{ base: '1fr', lg: '2fr 3fr' }} gap={{ base: 8, lg: 14 }}>
        <Box>
          <SectionHeading id="contact" eyebrow={t('landing.contact.eyebrow')} title={t('landing.contact.title')} intro={t('landing.contact.intro')} align="start" />
          <Stack gap="4" mt="-2">
            {rows.map((row) => (
              <HStack key={row.label} gap="3">
                <IconTile icon={row.icon} />
                <Box>
                  <Text fontSize="xs" color="gray.500">
                    {row.label}
                  </Text>
                  {row.href ? (
                    <Link href={row.href} fontWeight="semibold" color="gray.800">
                      {row.value}
                    </Link>
                  ) : (
                    <Text fontWeight="semibold" color="gray.800">
                      {row.value}
                    </Text>
                  )}
                </Box>
              </HStack>
            ))}
          </Stack>
        </Box>
        <Box>{form}</Box>
      </Grid>
    </Section>
  );
}

function FooterLink({ to, children, onClick }: { to: string; children: ReactNode; onClick?: () => void }) {
  if (onClick) {
    return (
      <Link href={to} color="whiteAlpha.800" _hover={{ color: 'white' }} onClick={(e) => (e.preventDefault(), onClick())}>
        {children}
      </Link>
    );
  }
  return (
    <Link asChild color="whiteAlpha.800" _hover={{ color: 'white' }}>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

function Footer() {
  const t = useT();
  const year = new Date().getFullYear();
  return (
    <Box as="footer" bg="#08132e" color="whiteAlpha.800" pt={{ base: 12, md: 16 }} pb="8" fontSize="sm">
      <Container maxW="7xl" px={{ base: 4, md: 6 }}>
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1fr 1.4fr' }} gap={{ base: 8, md: 10 }}>
          <Stack gap="3" maxW="xs">
            <HStack gap="2" color="white">
              <LaserMark />
              <Text fontWeight="bold" fontSize="md">
                {brand.name}
              </Text>
            </HStack>
            <Text>{t('landing.footer.about')}</Text>
          </Stack>
          <Stack as="nav" aria-label={t('landing.footer.products')} gap="2">
            <Text fontWeight="semibold" color="white" mb="1">
              {t('landing.footer.products')}
            </Text>
            {LANDING_ANCHORS.filter((a) => a !== 'contact').map((anchor) => (
              <FooterLink key={anchor} to={`#${anchor}`} onClick={() => scrollToSection(anchor)}>
                {t(`landing.nav.${anchor}`)}
              </FooterLink>
            ))}
          </Stack>
          <Stack as="nav" aria-label={t('landing.footer.service')} gap="2">
            <Text fontWeight="semibold" color="white" mb="1">
              {t('landing.footer.service')}
            </Text>
            <FooterLink to={paths.visitor('software')}>{t('landing.nav.support')}</FooterLink>
            <FooterLink to="/policy">{t('landing.footer.policy')}</FooterLink>
            <FooterLink to="/standards">{t('landing.footer.standards')}</FooterLink>
            <FooterLink to={paths.information()}>{t('landing.footer.information')}</FooterLink>
          </Stack>
          <Stack gap="2">
            <Text fontWeight="semibold" color="white" mb="1">
              {t('landing.footer.contact')}
            </Text>
            <Text>
              {t('landing.contact.hotline')}: {brand.hotline}
            </Text>
            <Text>
              {t('landing.contact.mailbox')}: {brand.mailbox}
            </Text>
            <Link href={brand.officialSite} target="_blank" rel="noopener noreferrer" color="whiteAlpha.800" _hover={{ color: 'white' }} gap="1">
              {t('landing.nav.official')}
              <LineIcon d={ICONS.external} size={14} />
            </Link>
          </Stack>
        </Grid>
        <Box borderTopWidth="1px" borderColor="whiteAlpha.200" mt={{ base: 10, md: 12 }} pt="6" color="whiteAlpha.600" fontSize="xs">
          {t('landing.footer.copyright', { year, brand: brand.name })}
        </Box>
      </Container>
    </Box>
  );
}

export interface LandingSectionsViewProps {
  carousel: ReactNode;
  camCards: ReactNode;
  contactForm: ReactNode;
}

// The sections without live parts render again only when the language changes: the live parts
// (CAM cards, contact form) update alone when the app's services arrive.
const StaticPlatform = memo(PlatformServices);
const StaticMesSolution = memo(MesSolution);
const StaticMesGains = memo(MesGains);
const StaticHubFeatures = memo(HubFeatures);
const StaticHubPartners = memo(HubPartners);

/** The landing page's sections after the first screen, in the order of spec 1 section 2; the live parts come in as slots. */
export function LandingSectionsView({ carousel, camCards, contactForm }: LandingSectionsViewProps) {
  return (
    <>
      <StaticPlatform />
      <Industries carousel={carousel} />
      <StaticMesSolution />
      <StaticMesGains />
      <StaticHubFeatures />
      <StaticHubPartners />
      <CamSection cards={camCards} />
      <ContactSection form={contactForm} />
    </>
  );
}

/** The landing page's footer: products, service links, contact. */
export const LandingFooter = memo(Footer);
