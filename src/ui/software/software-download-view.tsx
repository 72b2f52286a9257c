import { Alert, Badge, Box, Button, Flex, Grid, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { brand } from '../common/brand';
import { LOCALES } from '../i18n/intl';
import { useLanguage, useT } from '../i18n/language-context';
import { RuntimePackages } from './runtime-packages';
import { SoftwareArt } from './software-art';
import { formatReleaseDate, type SoftwareDownloadViewModel } from './software-download.selectors';

function DownloadIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M12 3v12 M7 10l5 5 5-5 M4 19h16" />
    </svg>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap="0.5" minW="0">
      <Text fontSize="xs" color="gray.500" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Text fontWeight="semibold" color="gray.800" wordBreak="break-all" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

export interface SoftwareDownloadViewProps {
  model: SoftwareDownloadViewModel;
  onDownload: () => void;
  onRetry: () => void;
}

/** A download page: the latest version with its notes and download button, the runtimes, the requirements. */
export function SoftwareDownloadView({ model, onDownload, onRetry }: SoftwareDownloadViewProps) {
  const t = useT();
  const { language } = useLanguage();
  const title = t('software.download.title', { brand: brand.name, product: model.product });
  const release = model.release;
  return (
    <Stack gap={{ base: 6, md: 8 }} data-testid="software-download" data-status={model.status}>
      <Flex
        direction={{ base: 'column', md: 'row' }}
        bg="white"
        borderRadius="2xl"
        borderWidth="1px"
        borderColor="gray.200"
        boxShadow="sm"
        overflow="hidden"
      >
        <Flex bgGradient="to-br" gradientFrom="blue.50" gradientTo="white" align="center" justify="center" p="6" w={{ base: 'full', md: '36%' }}>
          <SoftwareArt kind={model.kind === 'tube' ? 'nestTube' : 'nest'} height={150} />
        </Flex>
        <Stack flex="1" gap="5" p={{ base: 5, md: 8 }}>
          <Stack gap="2">
            <Badge alignSelf="flex-start" colorPalette={model.kind === 'tube' ? 'purple' : 'blue'} variant="subtle" borderRadius="full" px="2.5">
              {t(`software.download.eyebrow.${model.kind}`)}
            </Badge>
            <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} color="gray.900" data-lang-neutral="">
              {title}
            </Heading>
          </Stack>

          {model.status === 'loading' && (
            <Stack gap="3" data-testid="release-loading">
              <Skeleton h="5" w="60%" />
              <Skeleton h="5" w="40%" />
              <Skeleton h="10" w="48" />
            </Stack>
          )}

          {model.status === 'empty' && (
            <Alert.Root status="info" borderRadius="lg" data-testid="release-empty">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('software.download.empty')}</Alert.Title>
                {model.emptyMessage && <Alert.Description>{model.emptyMessage}</Alert.Description>}
              </Alert.Content>
            </Alert.Root>
          )}

          {model.status === 'failed' && (
            <Alert.Root status="warning" borderRadius="lg" data-testid="release-failed">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title fontWeight="normal">{t('software.download.failed')}</Alert.Title>
              </Alert.Content>
              <Button size="sm" variant="outline" onClick={onRetry}>
                {t('software.download.retry')}
              </Button>
            </Alert.Root>
          )}

          {release && model.status === 'ready' && (
            <Stack gap="5">
              <Grid templateColumns={{ base: '1fr 1fr', sm: 'repeat(3, minmax(0, 1fr))' }} gap="4">
                <Fact label={t('software.download.version')} value={release.version} testId="release-version" />
                <Fact label={t('software.download.date')} value={formatReleaseDate(release.createdAt, LOCALES[language])} />
                <Box gridColumn={{ base: 'span 2', sm: 'auto' }}>
                  <Fact label={t('software.download.file')} value={release.filename} />
                </Box>
              </Grid>
              {model.downloadError && (
                <Alert.Root status="error" borderRadius="lg" data-testid="download-error">
                  <Alert.Indicator />
                  <Alert.Title fontWeight="normal">{t('software.download.refused', { info: model.downloadError })}</Alert.Title>
                </Alert.Root>
              )}
              <Button
                colorPalette="blue"
                size="lg"
                alignSelf={{ base: 'stretch', sm: 'flex-start' }}
                onClick={onDownload}
                loading={model.downloading}
                loadingText={t('software.download.downloading')}
                data-testid="download-button"
              >
                <DownloadIcon />
                {t('software.download.button')}
              </Button>
            </Stack>
          )}
        </Stack>
      </Flex>

      {release && model.status === 'ready' && (
        <Stack as="section" gap="3" aria-labelledby="notes-title" bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p={{ base: 5, md: 6 }}>
          <Flex align="baseline" gap="3" wrap="wrap">
            <Heading as="h2" id="notes-title" fontSize="lg" color="gray.900">
              {t('software.download.notes')}
            </Heading>
            <Text fontSize="sm" color="gray.500">
              {t('software.download.latest')} · {release.version}
            </Text>
          </Flex>
          {release.notes.length > 0 ? (
            <Stack gap="2" color="gray.700" lineHeight="tall" data-testid="release-notes">
              {release.notes.map((line, i) => (
                <Text key={i}>{line}</Text>
              ))}
            </Stack>
          ) : (
            <Text color="gray.500">{t('software.download.noNotes')}</Text>
          )}
        </Stack>
      )}

      <Grid templateColumns={{ base: '1fr', lg: model.runtimePackages ? '3fr 2fr' : '1fr' }} gap={{ base: 6, md: 8 }} alignItems="start">
        {model.runtimePackages && <RuntimePackages />}
        <Stack gap="3" bg="blue.50" borderRadius="xl" p={{ base: 5, md: 6 }}>
          <Heading as="h2" fontSize="md" color="gray.900">
            {t('software.download.requirements.title')}
          </Heading>
          <Text fontSize="sm" color="gray.700" lineHeight="tall">
            {t('software.download.requirements.body')}
          </Text>
          <Text fontSize="sm" color="gray.600">
            {t('software.download.help', { hotline: brand.hotline, mailbox: brand.mailbox })}
          </Text>
        </Stack>
      </Grid>
    </Stack>
  );
}
