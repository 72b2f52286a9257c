import { Badge, Box, Button, Flex, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { brand } from '../common/brand';
import { useT } from '../i18n/language-context';
import type { CamCardModel } from './cam-card.selectors';
import type { CamProduct } from './cam-products';
import { ICONS, LineIcon } from './landing-art';
import { NestingArt } from './landing-section-art';

export interface CamCardViewProps {
  product: CamProduct;
  model: CamCardModel;
  onRetry: () => void;
  /** A video button of a product without one: the page shows the "no video yet" message. */
  onNoVideo?: () => void;
}

/** A CAM product card: picture, description, the latest release (or the server's message), download and video buttons. */
export function CamCardView({ product, model, onRetry, onNoVideo }: CamCardViewProps) {
  const t = useT();
  const kind = t(`landing.cam.${product.kind}`);
  const name = `${brand.name}${product.name}`;

  return (
    <Flex
      as="article"
      direction="column"
      bg="white"
      borderRadius="xl"
      borderWidth="1px"
      borderColor="gray.200"
      overflow="hidden"
      boxShadow="xs"
      aria-labelledby={`cam-card-${product.key}-name`}
      data-testid={`cam-card-${product.key}`}
    >
      <Box p="4" pb="0" maxW={{ base: '72', sm: 'none' }} mx="auto" w="full">
        <NestingArt kind={product.kind} label={t('landing.cam.art', { kind })} />
      </Box>
      <Stack gap="3" p="5" flex="1">
        <HStack justify="space-between" align="start" gap="2">
          {/* A product's name, the same in both languages. */}
          <Heading as="h3" size="md" color="gray.800" wordBreak="break-word" id={`cam-card-${product.key}-name`} data-lang-neutral="">
            {name}
          </Heading>
          <Badge colorPalette={product.kind === 'tube' ? 'orange' : 'blue'} variant="subtle" flexShrink={0}>
            {kind}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="gray.600">
          {t(`landing.cam.${product.key}`)}
        </Text>
        <Box bg="gray.50" borderRadius="lg" p="3" fontSize="sm" minH="24" data-testid="cam-release">
          {model.status === 'loading' && (
            <Stack gap="2" role="status" aria-busy="true" aria-label={t('landing.cam.loading')}>
              <Skeleton h="4" w="60%" />
              <Skeleton h="3" w="90%" />
              <Skeleton h="3" w="75%" />
            </Stack>
          )}
          {model.status === 'release' && (
            <Stack gap="1.5">
              <HStack justify="space-between" wrap="wrap" gap="1">
                <Text color="gray.800">
                  <Text as="span" color="gray.500">
                    {t('landing.cam.latest')}{' '}
                  </Text>
                  <Text as="span" fontWeight="semibold" data-testid="cam-version">
                    {model.version}
                  </Text>
                </Text>
                {model.date && (
                  <Text color="gray.500" fontSize="xs">
                    {t('landing.cam.released')} {model.date}
                  </Text>
                )}
              </HStack>
              {model.notes.length > 0 && (
                <Box>
                  <Text color="gray.500" fontSize="xs" mb="0.5">
                    {t('landing.cam.notes')}
                  </Text>
                  <Stack as="ul" gap="0.5" listStyleType="none" color="gray.700" data-testid="cam-notes">
                    {model.notes.slice(0, 4).map((line, i) => (
                      <li key={i}>{line}</li>
                    ))}
                  </Stack>
                </Box>
              )}
            </Stack>
          )}
          {model.status === 'none' && (
            <Text color="gray.600" data-testid="cam-empty">
              {model.message}
            </Text>
          )}
          {model.status === 'failed' && (
            <Stack gap="2" align="start">
              <Text color="gray.600">{model.message || t('landing.cam.failed')}</Text>
              <Button size="xs" variant="outline" onClick={onRetry}>
                {t('landing.cam.retry')}
              </Button>
            </Stack>
          )}
        </Box>
        <Box flex="1" />
        <HStack gap="2">
          <Button asChild flex="1" colorPalette="blue" size="sm">
            <RouterLink to={product.downloadTo} data-testid="cam-download">
              <LineIcon d={ICONS.download} size={16} />
              {t('landing.cam.download')}
            </RouterLink>
          </Button>
          {product.videoTo ? (
            <Button asChild flex="1" variant="outline" size="sm">
              <RouterLink to={product.videoTo} data-testid="cam-video">
                <LineIcon d={ICONS.play} size={14} />
                {t('landing.cam.video')}
              </RouterLink>
            </Button>
          ) : (
            <Button flex="1" variant="outline" size="sm" onClick={() => onNoVideo?.()} data-testid="cam-video">
              <LineIcon d={ICONS.play} size={14} />
              {t('landing.cam.video')}
            </Button>
          )}
        </HStack>
      </Stack>
    </Flex>
  );
}
