import { Badge, Box, Flex, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { MouseEvent } from 'react';
import { brand } from '../common/brand';
import { SessionStoreToken } from '../../ports/tokens';
import { useService } from '../common/services-context';
import { useT } from '../i18n/language-context';
import { PageFrame } from '../common/page-frame';
import { VideoPlayer } from '../common/video-player';
import { siteVideoSrc, standardsVideoId } from '../../domain/shared/site-videos';

/** The three anchors of spec 2 section 2. */
const ANCHORS = [
  { id: 'repair', label: 'service.standards.nav.repair' },
  { id: 'value-added', label: 'service.standards.nav.valueAdded' },
  { id: 'warranty', label: 'service.standards.nav.warranty' },
] as const;

/** The service network figures of spec 2 section 9. */
const FIGURES = [
  { value: '30', label: 'service.standards.figure.response' },
  { value: '300+', label: 'service.standards.figure.engineers' },
  { value: '60+', label: 'service.standards.figure.points' },
  { value: '600+', label: 'service.standards.figure.cities' },
  { value: '180+', label: 'service.standards.figure.countries' },
] as const;

const NOTES = ['fees', 'logistics', 'parts', 'mode'] as const;
const VALUE_ADDED = ['maintenance', 'relocation', 'extended', 'training', 'inspection', 'power', 'retrofit'] as const;
const CLAIMS = [
  { key: 'integrated', figure: '✓' },
  { key: 'mtbf', figure: '45000 h' },
  { key: 'light', figure: '24 h' },
  { key: 'cutting', figure: '90+' },
] as const;

// Scroll offset of the sticky header (spec 1 section 9 uses 40 px for anchors; our header is 56 px).
const ANCHOR_OFFSET = 72;

function goTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  const top = target.getBoundingClientRect().top + window.scrollY - ANCHOR_OFFSET;
  const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top, behavior: reduce ? 'auto' : 'smooth' });
  history.replaceState(history.state, '', `#${id}`);
}

function SectionTitle({ id, title, lead }: { id: string; title: string; lead?: string }) {
  return (
    <Stack gap="1" mb="5">
      <Heading as="h2" id={`${id}-title`} fontSize={{ base: 'xl', md: '2xl' }} color="gray.900">
        {title}
      </Heading>
      {lead && <Text color="gray.600">{lead}</Text>}
    </Stack>
  );
}

/** `/standards`: anchors, the six-step repair flow, notes, value-added services and the network figures. */
export default function StandardsScreen() {
  const t = useT();
  const signedIn = useService(SessionStoreToken).signedIn();
  const backTo = signedIn ? '/usercenter' : '/';
  const contact = { hotline: brand.hotline, mailbox: brand.mailbox };
  return (
    <PageFrame backTo={backTo} backLabel={t('common.back')}>
      <Stack gap={{ base: 8, md: 12 }} data-testid="standards-page">
        <Box borderRadius="2xl" bgGradient="to-br" gradientFrom="blue.900" gradientTo="blue.700" color="white" px={{ base: 5, md: 10 }} py={{ base: 7, md: 10 }}>
          <Heading as="h1" fontSize={{ base: '2xl', md: '4xl' }}>
            {t('service.standards.title')}
          </Heading>
          <Text mt="3" color="blue.100" maxW="2xl" fontSize={{ base: 'sm', md: 'md' }} lineHeight="tall">
            {t('service.standards.lead')}
          </Text>
          <SimpleGrid columns={{ base: 2, sm: 3, md: 5 }} gap={{ base: 4, md: 6 }} mt="8" data-testid="standards-figures">
            {FIGURES.map((figure) => (
              <Stack key={figure.label} gap="0">
                <Text fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" color="orange.300" lineHeight="1.1">
                  {figure.value}
                </Text>
                <Text fontSize="sm" color="blue.100">
                  {t(figure.label)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Box>

        <Box
          as="nav"
          aria-label={t('service.standards.nav')}
          position="sticky"
          top="14"
          zIndex="docked"
          bg="gray.50"
          py="2"
          mx={{ base: -3, sm: -4, md: 0 }}
          px={{ base: 3, sm: 4, md: 0 }}
          overflowX="auto"
        >
          <Flex as="ul" gap="2" listStyleType="none">
            {ANCHORS.map((anchor) => (
              <Box as="li" key={anchor.id} flexShrink={0}>
                <a href={`#${anchor.id}`} onClick={(e) => goTo(e, anchor.id)} data-anchor={anchor.id}>
                  <Box as="span" display="inline-block" px="4" py="2" borderRadius="full" bg="white" borderWidth="1px" borderColor="gray.200" fontSize="sm" fontWeight="medium" color="gray.700" _hover={{ borderColor: 'blue.300', color: 'blue.700' }}>
                    {t(anchor.label)}
                  </Box>
                </a>
              </Box>
            ))}
          </Flex>
        </Box>

        <Box as="section" id="repair" aria-labelledby="repair-title" scrollMarginTop="72px">
          <SectionTitle id="repair" title={t('service.standards.repair.title')} lead={t('service.standards.repair.lead')} />
          <List.Root as="ol" variant="plain" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }} gap="4" data-testid="repair-flow">
            {[1, 2, 3, 4, 5, 6].map((n) => (
              <List.Item key={n} bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p="5" alignItems="flex-start" gap="4">
                <Flex w="9" h="9" borderRadius="full" bg="blue.600" color="white" align="center" justify="center" fontWeight="bold" flexShrink={0}>
                  {n}
                </Flex>
                <Stack gap="1">
                  <Text fontWeight="semibold" color="gray.900">
                    {t(`service.standards.step${n}.title`)}
                  </Text>
                  <Text fontSize="sm" color="gray.600" lineHeight="tall">
                    {t(`service.standards.step${n}.body`)}
                  </Text>
                </Stack>
              </List.Item>
            ))}
          </List.Root>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="5">
            <Stack bg="orange.50" borderRadius="xl" p="5" gap="2">
              <Flex align="center" gap="3">
                <Text fontSize="3xl" fontWeight="bold" color="orange.600" lineHeight="1">
                  30′
                </Text>
                <Heading as="h3" fontSize="md" color="gray.900">
                  {t('service.standards.response.title')}
                </Heading>
              </Flex>
              <Text fontSize="sm" color="gray.700">
                {t('service.standards.response.body')}
              </Text>
            </Stack>
            <Stack bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p="5" gap="2">
              <Heading as="h3" fontSize="md" color="gray.900">
                {t('service.standards.channels.title')}
              </Heading>
              <List.Root ps="5" fontSize="sm" color="gray.700" gap="1">
                <List.Item>{t('service.standards.channels.hotline', contact)}</List.Item>
                <List.Item>{t('service.standards.channels.mail', contact)}</List.Item>
                <List.Item>{t('service.standards.channels.portal')}</List.Item>
                <List.Item>{t('service.standards.channels.app')}</List.Item>
              </List.Root>
            </Stack>
          </SimpleGrid>
          <Stack mt="6" gap="3">
            <Heading as="h3" fontSize="lg" color="gray.900">
              {t('service.standards.notes.title')}
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {NOTES.map((note) => (
                <Stack key={note} bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p="5" gap="1.5">
                  <Text fontWeight="semibold" color="gray.900">
                    {t(`service.standards.note.${note}.title`)}
                  </Text>
                  <Text fontSize="sm" color="gray.600" lineHeight="tall">
                    {t(`service.standards.note.${note}.body`)}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Stack>
        </Box>

        <Box as="section" id="value-added" aria-labelledby="value-added-title" scrollMarginTop="72px">
          <SectionTitle id="value-added" title={t('service.standards.valueAdded.title')} lead={t('service.standards.valueAdded.lead')} />
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" data-testid="value-added">
            {VALUE_ADDED.map((item) => (
              <Stack key={item} bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p="5" gap="1.5" borderTopWidth="3px" borderTopColor="blue.500">
                <Text fontWeight="semibold" color="gray.900">
                  {t(`service.standards.va.${item}.title`)}
                </Text>
                <Text fontSize="sm" color="gray.600" lineHeight="tall">
                  {t(`service.standards.va.${item}.body`)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Box>

        <Box as="section" id="warranty" aria-labelledby="warranty-title" scrollMarginTop="72px">
          <SectionTitle id="warranty" title={t('service.standards.warranty.title')} lead={t('service.standards.warranty.lead')} />
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            {CLAIMS.map((claim) => (
              <Stack key={claim.key} bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p="5" gap="2">
                <Badge alignSelf="flex-start" colorPalette="blue" variant="subtle" fontSize="sm" px="2">
                  {claim.figure}
                </Badge>
                <Text fontSize="sm" color="gray.700" lineHeight="tall">
                  {t(`service.standards.claim.${claim.key}`)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5" mt="6">
            <Stack gap="2">
              <VideoPlayer title={t('service.standards.video1')} src={siteVideoSrc(standardsVideoId(1))} testId="standards-video-1" />
              <Text fontSize="sm" color="gray.700" fontWeight="medium">
                {t('service.standards.video1')}
              </Text>
            </Stack>
            <Stack gap="2">
              <VideoPlayer title={t('service.standards.video2')} src={siteVideoSrc(standardsVideoId(2))} testId="standards-video-2" />
              <Text fontSize="sm" color="gray.700" fontWeight="medium">
                {t('service.standards.video2')}
              </Text>
            </Stack>
          </SimpleGrid>
          <Text mt="8" textAlign="center" fontSize="sm" color="gray.600">
            {t('service.standards.contact', contact)}
          </Text>
        </Box>
      </Stack>
    </PageFrame>
  );
}
