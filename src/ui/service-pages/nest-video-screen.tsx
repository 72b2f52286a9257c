import { Box, Button, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { SessionStoreToken } from '../../ports/tokens';
import { useService } from '../common/services-context';
import { useT } from '../i18n/language-context';
import { PageFrame } from '../common/page-frame';
import { VideoPlayer } from '../common/video-player';
import { NEST_LESSON_COUNT, nestLessonVideoId, siteVideoSrc } from '../../domain/shared/site-videos';

/** A tutorial of the directory and its video. */
export interface NestTutorial {
  n: number;
  src: string;
}

/**
 * The 15 tutorials of spec 3 section 2. The files are made by scripts/make-nest-videos.mjs into
 * public/videos/nest, which Vite copies into the build; the page plays `/api/SiteVideo/nest-NN`,
 * which sends the player on to that file (served under /app/ with byte ranges, docs/adr/0004) or
 * answers the one staff put in its place.
 */
export const NEST_TUTORIALS: readonly NestTutorial[] = Array.from({ length: NEST_LESSON_COUNT }, (_, i) => ({
  n: i + 1,
  src: siteVideoSrc(nestLessonVideoId(i + 1)),
}));

const clampLesson = (value: string | null): number => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= NEST_TUTORIALS.length ? n : 1;
};

/** `/nestvideo`: a player and the directory of 15 tutorials; `?v=` keeps the lesson in the address. */
export default function NestVideoScreen() {
  const t = useT();
  const signedIn = useService(SessionStoreToken).signedIn();
  const [params, setParams] = useSearchParams();
  const current = clampLesson(params.get('v'));
  const tutorial = NEST_TUTORIALS[current - 1];
  const select = (n: number) => setParams({ v: String(n) }, { replace: true });
  const backTo = signedIn ? '/index/cam' : '/';

  return (
    <PageFrame backTo={backTo} backLabel={t('common.back')} width="6xl">
      <Stack gap={{ base: 5, md: 8 }} data-testid="nestvideo-page">
        <Stack gap="1">
          <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} color="gray.900">
            {t('service.nestvideo.title')}
          </Heading>
          <Text color="gray.600">{t('service.nestvideo.lead')}</Text>
        </Stack>
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap={{ base: 5, md: 6 }} alignItems="start">
          <Stack gap="3">
            <VideoPlayer title={t(`service.nestvideo.v${current}`)} src={tutorial.src} testId="nestvideo-player" />
            <Flex align="center" gap="3" wrap="wrap">
              <Stack gap="0" flex="1" minW="0">
                <Text fontSize="xs" color="gray.500" textTransform="uppercase" letterSpacing="wide">
                  {t('service.nestvideo.nowPlaying')} · {t('service.nestvideo.lesson', { n: current })}
                </Text>
                <Heading as="h2" fontSize={{ base: 'lg', md: 'xl' }} color="gray.900" data-testid="nestvideo-current">
                  {t(`service.nestvideo.v${current}`)}
                </Heading>
              </Stack>
              <Flex gap="2">
                <Button size="sm" variant="outline" disabled={current <= 1} onClick={() => select(current - 1)}>
                  {t('service.nestvideo.previous')}
                </Button>
                <Button size="sm" variant="outline" disabled={current >= NEST_TUTORIALS.length} onClick={() => select(current + 1)}>
                  {t('service.nestvideo.next')}
                </Button>
              </Flex>
            </Flex>
          </Stack>
          <Box as="nav" aria-labelledby="nestvideo-directory" bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" overflow="hidden">
            <Heading as="h2" id="nestvideo-directory" fontSize="md" color="gray.900" px="4" py="3" borderBottomWidth="1px" borderColor="gray.100">
              {t('service.nestvideo.directory')}
            </Heading>
            <Box as="ol" listStyleType="none" maxH={{ lg: '520px' }} overflowY={{ lg: 'auto' }} data-testid="nestvideo-directory">
              {NEST_TUTORIALS.map(({ n }) => {
                const active = n === current;
                return (
                  <Box as="li" key={n} borderBottomWidth="1px" borderColor="gray.50">
                    <Box
                      as="button"
                      onClick={() => select(n)}
                      aria-current={active ? 'true' : undefined}
                      w="full"
                      textAlign="start"
                      display="flex"
                      alignItems="center"
                      gap="3"
                      px="4"
                      py="2.5"
                      bg={active ? 'blue.50' : 'transparent'}
                      _hover={{ bg: active ? 'blue.50' : 'gray.50' }}
                      cursor="pointer"
                      data-lesson={n}
                    >
                      <Flex
                        w="7"
                        h="7"
                        borderRadius="full"
                        flexShrink={0}
                        align="center"
                        justify="center"
                        fontSize="xs"
                        fontWeight="bold"
                        bg={active ? 'blue.600' : 'gray.100'}
                        color={active ? 'white' : 'gray.600'}
                      >
                        {n}
                      </Flex>
                      <Text flex="1" fontSize="sm" color={active ? 'blue.800' : 'gray.700'} fontWeight={active ? 'semibold' : 'normal'}>
                        {t(`service.nestvideo.v${n}`)}
                      </Text>
                    </Box>
                  </Box>
                );
              })}
            </Box>
          </Box>
        </Grid>
      </Stack>
    </PageFrame>
  );
}
