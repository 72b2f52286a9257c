import { Badge, Box, Flex, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { DOMPurify } from 'dompurify';
import { useMemo } from 'react';
import { LOCALES } from '../i18n/intl';
import { useLanguage, useT } from '../i18n/language-context';
import type { ArticleViewModel } from './article.selectors';
import { EmptyNote, EyeIcon } from '../common/content-parts';
import { formatSize } from '../common/formats';
import { contentLanguageName, formatDateTime } from './knowledge-format';
import { FailedNote } from './knowledge-parts';
import { sanitizeArticleHtml } from './safe-html';

export interface ArticleViewProps {
  model: ArticleViewModel;
  /** DOMPurify once loaded; the body waits for it (nothing is rendered unsanitised). */
  purify: DOMPurify | null;
  onRetry: () => void;
}

function ClipIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M21 11.5l-8.5 8.5a5 5 0 0 1-7-7L14 4.5a3.5 3.5 0 0 1 5 5L10.5 18a2 2 0 0 1-3-3l8-8" />
    </svg>
  );
}

// The article body's typography: the HTML carries no styles of its own (the allow-list drops them).
const BODY_STYLE = {
  color: 'gray.800',
  lineHeight: '1.8',
  fontSize: { base: 'md', md: 'md' },
  wordBreak: 'break-word',
  '& > * + *': { mt: '4' },
  '& h1, & h2, & h3, & h4, & h5, & h6': { fontWeight: 'semibold', color: 'gray.900', lineHeight: 'short', mt: '7' },
  '& h1': { fontSize: '2xl' },
  '& h2': { fontSize: 'xl' },
  '& h3': { fontSize: 'lg' },
  '& ul, & ol': { ps: '6' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li + li': { mt: '1' },
  '& a': { color: 'blue.700', textDecoration: 'underline' },
  '& img': { maxW: 'full', h: 'auto', borderRadius: 'lg', borderWidth: '1px', borderColor: 'gray.200' },
  '& blockquote': { borderStartWidth: '4px', borderColor: 'blue.200', bg: 'blue.50', px: '4', py: '2', borderRadius: 'md', color: 'gray.700' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'gray.100', px: '1', borderRadius: 'sm' },
  '& pre': { bg: 'gray.900', color: 'gray.100', p: '4', borderRadius: 'lg', overflowX: 'auto' },
  '& pre code': { bg: 'transparent', p: '0', color: 'inherit' },
  '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse', maxW: 'full', fontSize: 'sm' },
  '& th, & td': { borderWidth: '1px', borderColor: 'gray.200', px: '3', py: '2', textAlign: 'start', verticalAlign: 'top' },
  '& th': { bg: 'gray.50', fontWeight: 'semibold' },
  '& hr': { borderColor: 'gray.200' },
} as const;

function ArticleBody({ html, purify }: { html: string; purify: DOMPurify | null }) {
  const t = useT();
  const clean = useMemo(() => (purify ? sanitizeArticleHtml(purify, html) : null), [purify, html]);
  if (clean === null) {
    return (
      <Stack gap="3" aria-busy="true" aria-label={t('knowledge.loading')}>
        <Skeleton h="4" />
        <Skeleton h="4" w="90%" />
        <Skeleton h="4" w="75%" />
      </Stack>
    );
  }
  return <Box css={BODY_STYLE} data-testid="article-body" dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** An article: title, creation time, view count, the sanitised body and its attachments. */
export function ArticleView({ model, purify, onRetry }: ArticleViewProps) {
  const t = useT();
  const { language } = useLanguage();
  const card = { as: 'article' as const, bg: 'white', borderRadius: '2xl', borderWidth: '1px', borderColor: 'gray.200', p: { base: 5, md: 10 } };

  if (model.status === 'loading') {
    return (
      <Stack {...card} gap="4" aria-busy="true" aria-label={t('knowledge.loading')} data-testid="article-loading">
        <Skeleton h="8" w="70%" />
        <Skeleton h="4" w="40%" />
        <Skeleton h="40" />
      </Stack>
    );
  }
  if (model.status === 'failed') return <FailedNote info={model.error} fallback={t('knowledge.article.failed')} onRetry={onRetry} testId="article-failed" />;
  if (model.status === 'missing') {
    return (
      <Box {...card}>
        <EmptyNote title={t('knowledge.article.missing.title')} body={t('knowledge.article.missing.body')} testId="article-missing" />
      </Box>
    );
  }

  return (
    <Stack {...card} gap="6" data-testid="article">
      <Stack gap="3" borderBottomWidth="1px" borderColor="gray.100" pb="5">
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} color="gray.900" lineHeight="short" data-testid="article-title">
          {model.title}
        </Heading>
        <Flex gap={{ base: 2, md: 4 }} wrap="wrap" align="center" fontSize="sm" color="gray.500">
          <Text as="span" data-testid="article-created">
            {t('knowledge.article.created', { time: formatDateTime(model.createTime, LOCALES[language]) })}
          </Text>
          <Flex as="span" align="center" gap="1" data-testid="article-views" data-count={model.views ?? undefined}>
            <EyeIcon />
            {model.views === null ? t('knowledge.article.viewsUnknown') : t('knowledge.article.views', { count: model.views })}
          </Flex>
          {model.label && (
            <Badge colorPalette="blue" variant="subtle" borderRadius="full" px="2">
              {model.label}
            </Badge>
          )}
          {model.series && (
            <Badge variant="outline" borderRadius="full" px="2">
              {t('knowledge.article.series', { series: model.series })}
            </Badge>
          )}
          {model.language && (
            <Badge variant="outline" borderRadius="full" px="2">
              {contentLanguageName(model.language)}
            </Badge>
          )}
        </Flex>
      </Stack>
      <ArticleBody html={model.html} purify={purify} />
      {model.attachments.length > 0 && (
        <Stack gap="3" borderTopWidth="1px" borderColor="gray.100" pt="5" data-testid="article-attachments">
          <Heading as="h2" fontSize="md" color="gray.900">
            {t('knowledge.article.attachments')}
          </Heading>
          <Stack as="ul" gap="2" m="0" p="0">
            {model.attachments.map((file) => (
              <Flex as="li" key={file.Id} listStyleType="none" align="center" gap="3" borderWidth="1px" borderColor="gray.200" borderRadius="lg" px="3" py="2" bg="gray.50">
                <Box color="gray.500" flexShrink={0}>
                  <ClipIcon />
                </Box>
                <Link href={file.Url} download={file.FileName} color="blue.700" fontWeight="medium" minW="0" flex="1" truncate data-testid="article-attachment" title={file.FileName}>
                  {file.FileName}
                </Link>
                <Text fontSize="xs" color="gray.500" flexShrink={0}>
                  {formatSize(file.Size)}
                </Text>
              </Flex>
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
