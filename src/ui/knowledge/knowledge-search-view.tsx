import { Badge, Box, Button, Flex, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import type { DOMPurify } from 'dompurify';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ContentLanguage, Library } from '../../domain/knowledge/library';
import { LOCALES } from '../i18n/intl';
import { useLanguage, useT } from '../i18n/language-context';
import { EmptyNote, LoadingRows, SearchIcon } from '../common/content-parts';
import { formatDate } from '../common/formats';
import { contentLanguageName } from './knowledge-format';
import { FailedNote, KnowledgePager, NewTabIcon } from './knowledge-parts';
import type { HitModel, KnowledgeSearchViewModel } from './knowledge-search.selectors';
import { sanitizeMarks } from './safe-html';

export interface KnowledgeSearchViewProps {
  model: KnowledgeSearchViewModel;
  /** The search box's hint (the download centre names its own examples). */
  placeholder: string;
  /** DOMPurify once loaded; until then hits show their plain title. */
  purify: DOMPurify | null;
  onKeyword: (text: string) => void;
  onSubmit: () => void;
  onLibrary: (library: Library | '') => void;
  onLanguage: (language: ContentLanguage | '') => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  onClear: () => void;
}

/** `lang`: a chip that names a language in that language ("English" on a zh page). */
function Chip({ active, onClick, children, testId, lang }: { active: boolean; onClick: () => void; children: string; testId: string; lang?: string }) {
  return (
    <Button
      type="button"
      size="xs"
      borderRadius="full"
      px="3"
      colorPalette="blue"
      variant={active ? 'solid' : 'outline'}
      bg={active ? undefined : 'white'}
      aria-pressed={active}
      onClick={onClick}
      data-testid={testId}
      data-active={active || undefined}
      lang={lang}
    >
      {children}
    </Button>
  );
}

// <mark> inside the hits: a soft highlight rather than the browser's bright yellow.
const MARK_STYLE = { '& mark': { bg: 'orange.100', color: 'inherit', px: '0.5', borderRadius: 'sm' } };

function Hit({ hit, purify }: { hit: HitModel; purify: DOMPurify | null }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <Box as="li" listStyleType="none" py="3" borderBottomWidth="1px" borderColor="gray.100" _last={{ borderBottomWidth: 0 }} data-testid="search-hit" data-library={hit.library} data-id={hit.id}>
      <Stack gap="1">
        <Link asChild display="inline" color="blue.700" fontWeight="semibold" fontSize="md" _hover={{ textDecoration: 'underline' }}>
          <RouterLink to={hit.href} target="_blank" rel="noopener" data-testid="search-hit-link">
            {purify ? <Box as="span" css={MARK_STYLE} dangerouslySetInnerHTML={{ __html: sanitizeMarks(purify, hit.titleHtml) }} /> : hit.title}
            <Box as="span" display="inline-flex" ms="1" verticalAlign="middle" color="blue.400">
              <NewTabIcon />
            </Box>
          </RouterLink>
        </Link>
        {purify && hit.snippetHtml && (
          <Text fontSize="sm" color="gray.700" lineHeight="tall" css={MARK_STYLE} lineClamp={3} data-testid="search-hit-snippet" dangerouslySetInnerHTML={{ __html: sanitizeMarks(purify, hit.snippetHtml) }} />
        )}
        <Flex gap="2" wrap="wrap" align="center" fontSize="xs" color="gray.500">
          <Badge size="sm" colorPalette="purple" variant="subtle">
            {t(`knowledge.library.${hit.library}`)}
          </Badge>
          <Badge size="sm" variant="outline">{contentLanguageName(hit.language)}</Badge>
          {hit.label && (
            <Badge size="sm" colorPalette="blue" variant="subtle">
              {hit.label}
            </Badge>
          )}
          <Text as="span">{formatDate(hit.createTime, LOCALES[language])}</Text>
        </Flex>
      </Stack>
    </Box>
  );
}

/** The full-text search panel: keyword, library and language chips, ranked hits with paging. */
export function KnowledgeSearchView({ model, placeholder, purify, onKeyword, onSubmit, onLibrary, onLanguage, onPage, onRetry, onClear }: KnowledgeSearchViewProps) {
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Stack gap="3" data-testid="knowledge-search" data-status={model.status}>
      <Flex as="form" role="search" gap="2" onSubmit={submit}>
        <Input
          flex="1"
          minW="0"
          value={model.draft}
          onChange={(event) => onKeyword(event.currentTarget.value)}
          placeholder={placeholder}
          aria-label={placeholder}
          bg="white"
          enterKeyHint="search"
          data-testid="search-input"
        />
        <Button type="submit" colorPalette="blue" data-testid="search-submit" px={{ base: 3, sm: 4 }} aria-label={t('knowledge.search.submit')}>
          <SearchIcon />
          <Box as="span" display={{ base: 'none', sm: 'inline' }}>
            {t('knowledge.search.submit')}
          </Box>
        </Button>
      </Flex>
      <Flex gap="2" wrap="wrap" align="center" role="group" aria-label={t('knowledge.search.narrow')}>
        <Chip active={model.library === ''} onClick={() => onLibrary('')} testId="search-library-all">
          {t('knowledge.search.allLibraries')}
        </Chip>
        {model.libraries.map((library) => (
          <Chip key={library} active={model.library === library} onClick={() => onLibrary(library)} testId={`search-library-${library}`}>
            {t(`knowledge.library.${library}`)}
          </Chip>
        ))}
        <Box w="1px" h="5" bg="gray.300" mx="1" display={{ base: 'none', sm: 'block' }} />
        <Chip active={model.language === ''} onClick={() => onLanguage('')} testId="search-language-all">
          {t('knowledge.search.allLanguages')}
        </Chip>
        <Chip active={model.language === 'zh'} onClick={() => onLanguage('zh')} testId="search-language-zh" lang="zh">
          中文
        </Chip>
        <Chip active={model.language === 'en'} onClick={() => onLanguage('en')} testId="search-language-en" lang="en">
          English
        </Chip>
      </Flex>

      {model.status !== 'idle' && (
        <Box bg="white" borderRadius="2xl" borderWidth="1px" borderColor="gray.200" boxShadow="xs" p={{ base: 3, md: 5 }} data-testid="search-results">
          <Flex justify="space-between" align="center" gap="2" mb="1">
            <Heading as="h2" fontSize="md" color="gray.900">
              {t('knowledge.search.resultsFor', { keyword: model.keyword })}
            </Heading>
            <Button size="xs" variant="ghost" onClick={onClear} data-testid="search-clear">
              {t('knowledge.search.clear')}
            </Button>
          </Flex>
          {model.status === 'searching' && <LoadingRows rows={3} label={t('knowledge.loading')} />}
          {model.status === 'failed' && <FailedNote info={model.error} fallback={t('knowledge.search.failed')} onRetry={onRetry} testId="search-failed" />}
          {model.status === 'empty' && <EmptyNote title={t('knowledge.search.empty.title')} body={t('knowledge.search.empty.body')} testId="search-empty" />}
          {model.status === 'ready' && (
            <>
              <Box as="ul" m="0" p="0" opacity={model.reloading ? 0.6 : 1} transition="opacity 0.2s" aria-busy={model.reloading}>
                {model.hits.map((hit) => (
                  <Hit key={`${hit.library}-${hit.id}`} hit={hit} purify={purify} />
                ))}
              </Box>
              <KnowledgePager paging={model.paging} busy={model.reloading} onPage={onPage} testId="search" />
            </>
          )}
        </Box>
      )}
    </Stack>
  );
}
