import { Box, Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { brand } from '../common/brand';
import { useT } from '../i18n/language-context';
import { BrandMark } from '../common/brand-mark';
import { LanguageSwitch } from '../common/language-switch';

/** The areas that have a `shell.area.<key>` name. */
export type AreaKey =
  | 'device' | 'task' | 'software' | 'cam' | 'knowledge' | 'use' | 'repair' | 'maintenance' | 'file' | 'gpt'
  | 'usercenter' | 'information' | 'folder' | 'article' | 'guideArticle' | 'selfArticle' | 'softwareDown'
  | 'download' | 'guide' | 'random' | 'self' | 'summary' | 'stock' | 'maintain' | 'click' | 'deviceInfo'
  | 'plus' | 'nest' | 'nestTube' | 'nest10' | 'nest15' | 'test' | 'service' | 'camReport' | 'userReport'
  | 'nestvideo' | 'standards' | 'policy' | 'dr';

function BuildingArt() {
  return (
    <svg width="120" height="96" viewBox="0 0 120 96" aria-hidden="true">
      <rect x="8" y="70" width="104" height="10" rx="5" fill="#dbeafe" />
      <rect x="22" y="52" width="76" height="18" rx="4" fill="#bfdbfe" />
      <path d="M48 14h24l-4 16H52z" fill="#1d4ed8" />
      <rect x="56" y="30" width="8" height="6" fill="#1e40af" />
      <path d="M60 36v22" stroke="#f97316" strokeWidth="3" strokeLinecap="round" strokeDasharray="4 3" />
      <circle cx="60" cy="60" r="5" fill="#fdba74" />
      <path d="M60 60l-10-5M60 60l10-5M60 60l-7 8M60 60l7 8" stroke="#fb923c" strokeWidth="1.6" strokeLinecap="round" />
      <circle cx="92" cy="22" r="9" fill="none" stroke="#93c5fd" strokeWidth="3" />
      <circle cx="92" cy="22" r="3" fill="#93c5fd" />
    </svg>
  );
}

export interface AreaPlaceholderProps {
  area: AreaKey;
  /** A whole page with its own top bar (routes outside the shells) instead of a card inside a shell. */
  framed?: boolean;
  /** Overrides the area name (the not-found page). */
  titleId?: string;
  bodyId?: string;
}

/** A plain, friendly page naming an area or (with `titleId`) what went wrong: the not-found page. No page says "coming soon" (issue 35). */
export default function AreaPlaceholder({ area, framed = false, titleId, bodyId }: AreaPlaceholderProps) {
  const t = useT();
  const title = t(titleId ?? `shell.area.${area}`, { brand: brand.name });
  const card = (
    <Box
      bg="white"
      borderRadius="2xl"
      borderWidth="1px"
      borderColor="gray.200"
      boxShadow="sm"
      px={{ base: 6, md: 12 }}
      py={{ base: 10, md: 14 }}
      textAlign="center"
      data-testid="area-placeholder"
      data-area={area}
    >
      <Stack align="center" gap="4">
        <BuildingArt />
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} color="gray.800">
          {title}
        </Heading>
        <Text color="gray.600" maxW="md">
          {t(bodyId ?? 'shell.notFound.body')}
        </Text>
        {framed && (
          <Button asChild colorPalette="blue" variant="outline" mt="2">
            <RouterLink to="/">{t('shell.placeholder.home')}</RouterLink>
          </Button>
        )}
      </Stack>
    </Box>
  );

  if (!framed) return <Box py={{ base: 2, md: 6 }}>{card}</Box>;
  return (
    <Flex direction="column" minH="100dvh" bg="gray.50">
      <Box as="header" bg="white" borderBottomWidth="1px" borderColor="gray.200">
        <Flex maxW="6xl" mx="auto" px={{ base: 4, md: 6 }} h="14" align="center" justify="space-between">
          <RouterLink to="/" aria-label={`${brand.name} · ${t('shell.placeholder.home')}`}>
            <BrandMark />
          </RouterLink>
          <LanguageSwitch />
        </Flex>
      </Box>
      {/* The page's main landmark, as every other frame has (a screen reader's "skip to main"). */}
      <Container as="main" maxW="3xl" flex="1" py={{ base: 6, md: 16 }} px={{ base: 4, md: 6 }}>
        {card}
      </Container>
    </Flex>
  );
}
