import { Box, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { SOFTWARE_DOWNLOAD_PAGES, type SoftwareDownloadPage } from '../../domain/cam/software-catalog';
import { brand } from '../common/brand';
import { SessionStoreToken } from '../../ports/tokens';
import { useService } from '../common/services-context';
import { LOCALES } from '../i18n/intl';
import { useLanguage, useT } from '../i18n/language-context';
import { paths } from '../shell/paths';
import { PageFrame } from '../common/page-frame';
import { RuntimePackages } from './runtime-packages';
import { dateTimeFormat } from '../common/intl-formats';

// The article is fixed content; this is the date it was last revised.
const ARTICLE_DATE = Date.UTC(2026, 10, 1);

const ORDER: readonly SoftwareDownloadPage[] = ['bodornest', 'bodornest1.5', 'nestdown1.0', 'bodornesttube'];

/** `/dr`: one fixed article on downloading and installing the nesting software; back to the download centre. */
export default function DrScreen() {
  const t = useT();
  const { language } = useLanguage();
  // Visitors (flag stored, or not logged in) go back to the visitor download tab, users to /download2.
  const isVisitor = useService(SessionStoreToken).isVisitor();
  const date = dateTimeFormat(LOCALES[language], { year: 'numeric', month: 'long', day: 'numeric' }).format(ARTICLE_DATE);
  return (
    <PageFrame backTo={isVisitor ? '/visitor/download' : '/download2'} backLabel={t('common.back')} width="3xl">
      <Stack as="article" gap="6" bg="white" borderRadius="2xl" borderWidth="1px" borderColor="gray.200" p={{ base: 5, md: 10 }} data-testid="dr-article">
        <Stack gap="2">
          <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} color="gray.900" lineHeight="short">
            {t('software.dr.title')}
          </Heading>
          <Text fontSize="sm" color="gray.500">
            {t('software.dr.date', { date })}
          </Text>
        </Stack>
        <Text color="gray.700" lineHeight="tall">
          {t('software.dr.intro', { brand: brand.name })}
        </Text>
        {[1, 2, 3, 4].map((n) => (
          <Stack key={n} gap="1.5">
            <Heading as="h2" fontSize="lg" color="gray.900">
              {t(`software.dr.step${n}.title`)}
            </Heading>
            <Text color="gray.700" lineHeight="tall">
              {t(`software.dr.step${n}.body`)}
            </Text>
          </Stack>
        ))}
        <Stack gap="3">
          <Heading as="h2" fontSize="lg" color="gray.900">
            {t('software.dr.links')}
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            {ORDER.map((page) => (
              <Link key={page} asChild color="blue.700" fontWeight="medium">
                <RouterLink to={paths.software(page, isVisitor)}>
                  <Box as="span" borderWidth="1px" borderColor="blue.100" bg="blue.50" borderRadius="lg" px="4" py="3" w="full" display="block" data-lang-neutral="">
                    {brand.name}
                    {SOFTWARE_DOWNLOAD_PAGES[page].product}
                  </Box>
                </RouterLink>
              </Link>
            ))}
          </SimpleGrid>
        </Stack>
        <RuntimePackages />
      </Stack>
    </PageFrame>
  );
}
