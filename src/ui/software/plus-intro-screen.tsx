import { Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router';
import { isVisitorParam, softwareBackPath } from '../../domain/cam/software-catalog';
import { brand } from '../common/brand';
import { useT } from '../i18n/language-context';
import { paths } from '../shell/paths';
import { PageFrame } from '../common/page-frame';
import { Reveal } from './reveal';
import { SoftwareArt } from './software-art';
import { VideoPlayer } from '../common/video-player';
import { PLUS_DEMO_VIDEO_ID, siteVideoSrc } from '../../domain/shared/site-videos';

const FEATURE_ICONS: Record<number, string> = {
  1: 'M4 4h10l6 6v10H4z M14 4v6h6 M8 14h8 M8 17h5',
  2: 'M4 6h16 M4 12h16 M4 18h16 M8 4v4 M15 10v4 M10 16v4',
  3: 'M4 20V10 M10 20V4 M16 20v-7 M22 20H2',
  4: 'M3 5h18v11H3z M8 20h8 M12 16v4 M9 10l2 2 4-4',
};

function FeatureIcon({ n }: { n: number }) {
  return (
    <Flex w="12" h="12" borderRadius="xl" bg="blue.50" color="blue.700" align="center" justify="center" flexShrink={0}>
      <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={FEATURE_ICONS[n]} />
      </svg>
    </Flex>
  );
}

/** `/bodorplus/:isVisitor`: the Plus introduction, revealed as the visitor scrolls, with its video. */
export default function PlusIntroScreen() {
  const t = useT();
  const isVisitor = isVisitorParam(useParams().isVisitor);
  const name = { brand: brand.name };
  return (
    <PageFrame backTo={softwareBackPath(isVisitor)} backLabel={t('software.frame.backToSoftware')}>
      <Stack gap={{ base: 10, md: 16 }} data-testid="plus-intro">
        <Box
          borderRadius="2xl"
          bgGradient="to-br"
          gradientFrom="blue.900"
          gradientTo="blue.700"
          color="white"
          px={{ base: 5, md: 12 }}
          py={{ base: 8, md: 14 }}
          overflow="hidden"
          position="relative"
        >
          <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: 6, md: 10 }} align="center">
            <Reveal flex="1">
              <Stack gap="4">
                <Text fontSize="sm" fontWeight="semibold" color="orange.300" letterSpacing="wide" textTransform="uppercase">
                  {t('software.plus.eyebrow')}
                </Text>
                <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} lineHeight="1.1">
                  {t('software.plus.title', name)}
                </Heading>
                <Text fontSize={{ base: 'md', md: 'lg' }} color="blue.100" lineHeight="tall" maxW="xl">
                  {t('software.plus.lead', name)}
                </Text>
              </Stack>
            </Reveal>
            <Reveal delay={150} w={{ base: 'full', md: '40%' }} bg="whiteAlpha.900" borderRadius="xl" p="4">
              <SoftwareArt kind="plus" height={160} />
            </Reveal>
          </Flex>
          <Text mt="8" fontSize="xs" color="blue.200" textAlign="center" aria-hidden="true">
            {t('software.plus.scrollHint')} ↓
          </Text>
        </Box>

        <Reveal as="section" aria-labelledby="plus-video">
          <Stack gap="4">
            <Heading as="h2" id="plus-video" fontSize={{ base: 'xl', md: '2xl' }} color="gray.900">
              {t('software.plus.video.title')}
            </Heading>
            <VideoPlayer title={t('software.plus.video.label', name)} src={siteVideoSrc(PLUS_DEMO_VIDEO_ID)} testId="plus-video-player" />
          </Stack>
        </Reveal>

        <SimpleGrid as="section" columns={{ base: 1, md: 2 }} gap={{ base: 4, md: 6 }}>
          {[1, 2, 3, 4].map((n) => (
            <Reveal key={n} delay={(n % 2) * 120} data-testid="plus-feature">
              <Stack bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p={{ base: 5, md: 7 }} gap="3" h="full">
                <FeatureIcon n={n} />
                <Heading as="h3" fontSize="lg" color="gray.900">
                  {t(`software.plus.feature${n}.title`)}
                </Heading>
                <Text color="gray.600" lineHeight="tall">
                  {t(`software.plus.feature${n}.body`)}
                </Text>
              </Stack>
            </Reveal>
          ))}
        </SimpleGrid>

        <Reveal>
          <Stack
            bg="white"
            borderRadius="2xl"
            borderWidth="1px"
            borderColor="blue.100"
            p={{ base: 6, md: 10 }}
            gap="3"
            align={{ base: 'stretch', md: 'center' }}
            textAlign={{ base: 'left', md: 'center' }}
          >
            <Heading as="h2" fontSize={{ base: 'xl', md: '2xl' }} color="gray.900">
              {t('software.plus.closing.title')}
            </Heading>
            <Text color="gray.600" maxW="2xl">
              {t('software.plus.closing.body')}
            </Text>
            <Flex gap="3" wrap="wrap" justify={{ base: 'stretch', md: 'center' }} mt="2">
              <Button asChild colorPalette="blue" flex={{ base: '1', md: 'initial' }}>
                <RouterLink to={paths.software('bodornest', isVisitor)}>{t('software.plus.closing.nest')}</RouterLink>
              </Button>
              <Button asChild variant="outline" flex={{ base: '1', md: 'initial' }}>
                <RouterLink to={softwareBackPath(isVisitor)}>{t('software.frame.backToSoftware')}</RouterLink>
              </Button>
            </Flex>
          </Stack>
        </Reveal>
      </Stack>
    </PageFrame>
  );
}
