import { Box, Flex, Grid, Heading, HStack, IconButton, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { itemsPerView, pageCount, pageOfItem, pageRange } from '../../domain/shared/carousel';
import { useT } from '../i18n/language-context';
import { ICONS, LineIcon } from './landing-art';
import { IndustryArt } from './landing-section-art';

/** The eight application areas of spec 1 section 2, in order. */
export const INDUSTRIES = ['machinery', 'signage', 'fitness', 'hvac', 'decoration', 'auto', 'steel', 'ship'] as const;

const TINTS = ['blue', 'orange', 'teal', 'cyan', 'purple', 'red', 'gray', 'blue'] as const;

/** Application areas: 1 to 5 cards in view by width, with previous/next buttons and page dots. */
export function IndustriesCarousel({ width }: { width: number }) {
  const t = useT();
  const total = INDUSTRIES.length;
  const perView = itemsPerView(width);
  const [first, setFirst] = useState(0);
  const page = pageOfItem(first, total, perView);
  const pages = pageCount(total, perView);
  const { start, end } = pageRange(page, total, perView);
  const goToPage = (next: number) => setFirst(pageRange(next, total, perView).start);

  return (
    <Box role="region" aria-roledescription={t('landing.industries.carousel')} aria-label={t('landing.industries.label')} data-testid="industries-carousel">
      <Flex align="center" gap={{ base: 2, md: 4 }}>
        <IconButton
          variant="outline"
          rounded="full"
          size={{ base: 'sm', md: 'md' }}
          aria-label={t('landing.industries.prev')}
          onClick={() => goToPage(page - 1)}
          disabled={page === 0}
          bg="white"
          data-testid="carousel-prev"
        >
          <LineIcon d={ICONS.chevronLeft} />
        </IconButton>
        <Grid flex="1" minW="0" gap={{ base: 3, md: 4 }} templateColumns={`repeat(${end - start}, minmax(0, 1fr))`} aria-live="polite">
          {INDUSTRIES.slice(start, end).map((industry, offset) => {
            const index = start + offset;
            const tint = TINTS[index];
            return (
              <Box
                key={industry}
                role="group"
                aria-roledescription={t('landing.industries.slideRole')}
                aria-label={t('landing.industries.slide', { n: index + 1, total })}
                bg="white"
                borderRadius="xl"
                borderWidth="1px"
                borderColor="gray.200"
                p="5"
                minH="48"
                transition="box-shadow 0.2s, transform 0.2s"
                _hover={{ boxShadow: 'md', transform: 'translateY(-2px)' }}
                data-testid="industry-card"
              >
                <Flex w="16" h="16" borderRadius="2xl" bg={`${tint}.50`} color={`${tint}.700`} align="center" justify="center" mb="4">
                  <IndustryArt industry={industry} />
                </Flex>
                <Heading as="h3" size="md" color="gray.800" mb="1.5">
                  {t(`landing.industries.${industry}`)}
                </Heading>
                <Text fontSize="sm" color="gray.600">
                  {t(`landing.industries.${industry}Text`)}
                </Text>
              </Box>
            );
          })}
        </Grid>
        <IconButton
          variant="outline"
          rounded="full"
          size={{ base: 'sm', md: 'md' }}
          aria-label={t('landing.industries.next')}
          onClick={() => goToPage(page + 1)}
          disabled={page >= pages - 1}
          bg="white"
          data-testid="carousel-next"
        >
          <LineIcon d={ICONS.chevronRight} />
        </IconButton>
      </Flex>
      {pages > 1 && (
        <HStack justify="center" gap="0" mt="4">
          {Array.from({ length: pages }, (_, i) => (
            <Box
              as="button"
              key={i}
              aria-label={t('landing.industries.page', { n: i + 1 })}
              aria-current={i === page ? 'true' : undefined}
              onClick={() => goToPage(i)}
              minW="8"
              h="8"
              display="flex"
              alignItems="center"
              justifyContent="center"
              cursor="pointer"
              borderRadius="full"
            >
              <Box w={i === page ? '6' : '2.5'} h="2.5" borderRadius="full" bg={i === page ? 'blue.600' : 'gray.300'} transition="all 0.2s" />
            </Box>
          ))}
        </HStack>
      )}
    </Box>
  );
}
