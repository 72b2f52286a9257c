import { Box, Button, Container, Flex, Grid, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { brand } from '../common/brand';
import { useFirstScreenHandover } from '../common/first-screen';
import { useT } from '../i18n/language-context';
import { paths } from '../shell/paths';
import { TOP_BAR_HEIGHT } from './landing-anchors';
import { HeroArt } from './landing-art';
import { ORANGE_CTA } from './landing-cta';

function Welcome({ loggedIn }: { loggedIn: boolean }) {
  const t = useT();
  return (
    <Box
      as="section"
      id="top"
      aria-labelledby="welcome-title"
      bgGradient="to-br"
      gradientFrom="#0b1b3f"
      gradientVia="blue.900"
      gradientTo="blue.700"
      color="white"
      pt={`${TOP_BAR_HEIGHT}px`}
      position="relative"
      overflow="hidden"
    >
      <Box position="absolute" inset="0" pointerEvents="none" opacity="0.4" css={{ backgroundImage: 'radial-gradient(circle at 85% 15%, rgba(249,115,22,0.45), transparent 40%)' }} />
      <Container maxW="7xl" px={{ base: 4, md: 6 }} py={{ base: 12, md: 20 }} position="relative">
        <Grid templateColumns={{ base: '1fr', lg: '1.1fr 1fr' }} gap={{ base: 10, lg: 12 }} alignItems="center">
          <Stack gap={{ base: 5, md: 6 }}>
            <Text fontSize="sm" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color="orange.300">
              {t('landing.hero.eyebrow')}
            </Text>
            <Heading as="h1" id="welcome-title" fontSize={{ base: '3xl', md: '5xl' }} lineHeight="1.15" fontWeight="bold">
              {t('landing.hero.title', { brand: brand.name })}
            </Heading>
            <Text fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.900">
              {t('landing.hero.subtitle')}
            </Text>
            <Flex gap="3" wrap="wrap" pt="1">
              {loggedIn ? (
                <Button asChild size="lg" colorPalette="orange" {...ORANGE_CTA}>
                  <RouterLink to="/index">{t('landing.nav.enter')}</RouterLink>
                </Button>
              ) : (
                <>
                  <Button asChild size="lg" colorPalette="orange" {...ORANGE_CTA} data-testid="hero-login">
                    <RouterLink to={paths.login()}>{t('landing.nav.login')}</RouterLink>
                  </Button>
                  <Button asChild size="lg" variant="outline" color="white" borderColor="whiteAlpha.600" _hover={{ bg: 'whiteAlpha.200' }}>
                    <RouterLink to={paths.register()}>{t('landing.hero.register')}</RouterLink>
                  </Button>
                </>
              )}
              <Button asChild size="lg" variant="ghost" color="white" _hover={{ bg: 'whiteAlpha.200' }}>
                <RouterLink to={paths.visitor('software')}>{t('landing.hero.visitor')} →</RouterLink>
              </Button>
            </Flex>
            <SimpleGrid columns={3} gap={{ base: 3, md: 6 }} pt={{ base: 4, md: 6 }} borderTopWidth="1px" borderColor="whiteAlpha.300" mt="2">
              {[1, 2, 3].map((n) => (
                <Box key={n}>
                  <Text fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" color="orange.200" lineHeight="1.1">
                    {t(`landing.hero.stat${n}Value`)}
                  </Text>
                  <Text fontSize={{ base: 'xs', md: 'sm' }} color="whiteAlpha.800">
                    {t(`landing.hero.stat${n}`)}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
          </Stack>
          <Flex justify="center" display={{ base: 'none', sm: 'flex' }}>
            <HeroArt label={t('landing.hero.art')} />
          </Flex>
        </Grid>
      </Container>
    </Box>
  );
}

export interface LandingViewProps {
  loggedIn: boolean;
  topBar: ReactNode;
  /** The sections below the first screen (landing-sections-view.tsx); they arrive just after the first paint. */
  sections: ReactNode;
  footer: ReactNode;
}

/** The landing page: top bar and first screen, then the other sections in the order of spec 1 section 2. */
export function LandingView({ loggedIn, topBar, sections, footer }: LandingViewProps) {
  // The server's painted copy of this first screen (first-screen.ts) goes in the frame this one arrives.
  useFirstScreenHandover();
  return (
    <Box bg="white" color="gray.800" minH="100dvh">
      {topBar}
      <Box as="main">
        <Welcome loggedIn={loggedIn} />
        {sections}
      </Box>
      {footer}
    </Box>
  );
}
