import { Box, Button, Container, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { brand } from '../common/brand';
import { useOptionalPort } from '../common/services-context';
import { useT } from '../i18n/language-context';
import { BrandMark } from './brand-mark';
import { LanguageSwitch } from './language-switch';

const FEATURES = [
  { key: 'monitor', icon: 'M3 12h4l3-8 4 16 3-8h4' },
  { key: 'reports', icon: 'M4 20V10M10 20V4M16 20v-7M22 20H2' },
  { key: 'knowledge', icon: 'M4 4h7a3 3 0 0 1 3 3v13a2 2 0 0 0-2-2H4zM20 4h-4a3 3 0 0 0-3 3' },
  { key: 'service', icon: 'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.5-2.5z' },
] as const;

function FeatureIcon({ d }: { d: string }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

/** The landing page `/` for now: welcome, login, language and the visitor area (the full page is a later issue). */
export default function WelcomeScreen() {
  const t = useT();
  const storage = useOptionalPort('KeyValueStoragePort');
  const loggedIn = !!storage?.get('token');

  return (
    <Flex direction="column" minH="100dvh" bg="gray.50">
      <Box bgGradient="to-br" gradientFrom="#0b1b3f" gradientVia="blue.900" gradientTo="blue.700" color="white" position="relative" overflow="hidden">
        <Box
          position="absolute"
          inset="0"
          opacity="0.35"
          pointerEvents="none"
          css={{
            backgroundImage:
              'radial-gradient(circle at 80% 20%, rgba(249,115,22,0.55), transparent 35%), linear-gradient(115deg, transparent 60%, rgba(251,146,60,0.35) 60.3%, transparent 60.8%)',
          }}
        />
        <Flex as="header" position="relative" maxW="6xl" mx="auto" px={{ base: 4, md: 6 }} h="16" align="center" gap="2">
          <BrandMark />
          <Box flex="1" />
          <LanguageSwitch tone="dark" />
          <Button asChild size="sm" colorPalette="orange" data-testid="welcome-login">
            <RouterLink to={loggedIn ? '/index' : '/Login'}>{t(loggedIn ? 'shell.welcome.enter' : 'shell.welcome.login')}</RouterLink>
          </Button>
        </Flex>
        <Container position="relative" maxW="6xl" px={{ base: 4, md: 6 }} pt={{ base: 10, md: 20 }} pb={{ base: 14, md: 28 }}>
          <Stack gap={{ base: 4, md: 6 }} maxW="2xl">
            <Text fontSize="sm" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color="orange.300">
              {t('shell.welcome.eyebrow')}
            </Text>
            <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} lineHeight="1.15" fontWeight="bold">
              {t('shell.welcome.title', { brand: brand.name })}
            </Heading>
            <Text fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.800">
              {t('shell.welcome.subtitle')}
            </Text>
            <Flex gap="3" wrap="wrap" pt="2">
              {loggedIn ? (
                <Button asChild size="lg" colorPalette="orange">
                  <RouterLink to="/index">{t('shell.welcome.enter')}</RouterLink>
                </Button>
              ) : (
                <>
                  <Button asChild size="lg" colorPalette="orange">
                    <RouterLink to="/Login">{t('shell.welcome.login')}</RouterLink>
                  </Button>
                  <Button asChild size="lg" variant="outline" color="white" borderColor="whiteAlpha.600" _hover={{ bg: 'whiteAlpha.200' }}>
                    <RouterLink to="/Register">{t('shell.welcome.register')}</RouterLink>
                  </Button>
                </>
              )}
              <Button asChild size="lg" variant="ghost" color="white" _hover={{ bg: 'whiteAlpha.200' }}>
                <RouterLink to="/visitor/software" data-testid="welcome-visitor">
                  {t('shell.welcome.visitor')} →
                </RouterLink>
              </Button>
            </Flex>
          </Stack>
        </Container>
      </Box>

      <Container maxW="6xl" px={{ base: 4, md: 6 }} mt={{ base: -8, md: -14 }} position="relative" flex="1">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={{ base: 3, md: 5 }}>
          {FEATURES.map((feature) => (
            <Box key={feature.key} bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" boxShadow="md" p="5">
              <Flex w="10" h="10" borderRadius="lg" bg="blue.50" color="blue.700" align="center" justify="center" mb="3">
                <FeatureIcon d={feature.icon} />
              </Flex>
              <Heading as="h2" size="md" mb="1.5" color="gray.800">
                {t(`shell.welcome.feature.${feature.key}`)}
              </Heading>
              <Text fontSize="sm" color="gray.600">
                {t(`shell.welcome.feature.${feature.key}Text`)}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Container>

      <Box as="footer" mt={{ base: 10, md: 16 }} py="6" borderTopWidth="1px" borderColor="gray.200" bg="white">
        <Flex maxW="6xl" mx="auto" px={{ base: 4, md: 6 }} gap={{ base: 2, md: 6 }} direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }} fontSize="sm" color="gray.600">
          <HStack gap="1">
            <Text fontWeight="semibold">{t('shell.welcome.hotline')}</Text>
            <Text>{brand.hotline}</Text>
          </HStack>
          <HStack gap="1">
            <Text fontWeight="semibold">{t('shell.welcome.mailbox')}</Text>
            <Text>{brand.mailbox}</Text>
          </HStack>
          <Box flex="1" />
          <Text color="gray.500">{t('shell.welcome.note')}</Text>
        </Flex>
      </Box>
    </Flex>
  );
}
