import { Badge, Box, Button, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { brand } from '../common/brand';
import { useFirstScreenHandover } from '../common/first-screen';
import { useT } from '../i18n/language-context';
import { paths } from '../shell/paths';
import { SoftwareArt, type SoftwareArtKind } from './software-art';
import { SectionHeading } from '../common/section-heading';

interface SoftwareCardInfo {
  kind: SoftwareArtKind;
  page: 'bodorplus' | 'bodornest' | 'bodornesttube';
}

/** The three cards of spec 2 section 2, in order: plus, nest, nest tube. */
export const SOFTWARE_CARDS: readonly SoftwareCardInfo[] = [
  { kind: 'plus', page: 'bodorplus' },
  { kind: 'nest', page: 'bodornest' },
  { kind: 'nestTube', page: 'bodornesttube' },
];

function CheckIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="#16a34a" strokeWidth="2.5" aria-hidden="true">
      <path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The software cards; each download-info button opens its page with the visitor flag. */
export function SoftwareCards({ isVisitor }: { isVisitor: boolean }) {
  const t = useT();
  return (
    <Stack gap={{ base: 4, md: 6 }} data-testid="software-cards" data-visitor={String(isVisitor)}>
      <SectionHeading title={t('software.section.title')} intro={t('software.section.intro')} />
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap={{ base: 4, md: 6 }}>
        {SOFTWARE_CARDS.map(({ kind, page }) => (
          <Stack
            key={kind}
            as="article"
            bg="white"
            borderRadius="2xl"
            borderWidth="1px"
            borderColor="gray.200"
            boxShadow="sm"
            overflow="hidden"
            gap="0"
            transition="box-shadow 0.2s, transform 0.2s"
            _hover={{ boxShadow: 'md', transform: 'translateY(-2px)' }}
            data-card={kind}
          >
            <Box bgGradient="to-br" gradientFrom="blue.50" gradientTo="white" px="6" pt="5" pb="3">
              <SoftwareArt kind={kind} height={130} />
            </Box>
            <Stack gap="3" px={{ base: 5, md: 6 }} pb="6" pt="4" flex="1">
              <Badge alignSelf="flex-start" colorPalette="blue" variant="subtle" borderRadius="full" px="2.5">
                {t(`software.card.${kind}.tag`)}
              </Badge>
              <Heading as="h2" fontSize="lg" color="gray.900" data-lang-neutral="">
                {t(`software.card.${kind}.title`, { brand: brand.name })}
              </Heading>
              <Text color="gray.600" fontSize="sm" lineHeight="tall">
                {t(`software.card.${kind}.body`)}
              </Text>
              <List.Root gap="1.5" variant="plain" fontSize="sm" color="gray.700" flex="1">
                {[1, 2, 3].map((n) => (
                  <List.Item key={n} alignItems="flex-start" gap="2">
                    <List.Indicator asChild mt="0.5">
                      <CheckIcon />
                    </List.Indicator>
                    {t(`software.card.${kind}.point${n}`)}
                  </List.Item>
                ))}
              </List.Root>
              <Button asChild colorPalette="blue" mt="2" alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
                <RouterLink to={paths.software(page, isVisitor)} data-testid={`software-info-${kind}`}>
                  {t('software.card.info')}
                </RouterLink>
              </Button>
            </Stack>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** `/index/software`: the logged-in shell's software section. */
export function SoftwareSection() {
  return (
    <Box py={{ base: 2, md: 4 }}>
      <SoftwareCards isVisitor={false} />
    </Box>
  );
}

/** `/visitor/software`: the visitor tab (technical support). */
export function VisitorSoftwareTab() {
  // This tab in its shell is the page's first screen from the build (ADR 0023): it goes when they are here.
  useFirstScreenHandover();
  return <SoftwareCards isVisitor />;
}
