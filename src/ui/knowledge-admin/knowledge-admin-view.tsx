import { Alert, Box, Button, chakra, Flex, Grid, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { LIBRARIES, type Library } from '../../domain/knowledge/library';
import { useT } from '../i18n/language-context';
import { PageFrame } from '../common/page-frame';
import type { LibraryPageModel } from './knowledge-admin.selectors';
import { LibraryTreeView } from './library-tree-view';
import { SectionHeading } from '../common/section-heading';

function LockArt() {
  return (
    <svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true">
      <circle cx="48" cy="48" r="44" fill="#eff6ff" />
      <rect x="28" y="42" width="40" height="30" rx="6" fill="#1d4ed8" />
      <path d="M36 42v-8a12 12 0 0124 0v8" fill="none" stroke="#1e40af" strokeWidth="6" strokeLinecap="round" />
      <circle cx="48" cy="56" r="4" fill="#bfdbfe" />
      <path d="M48 60v5" stroke="#bfdbfe" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** What a caller who is not staff sees: the page is for service staff only. */
export function StaffOnlyView() {
  const t = useT();
  return (
    <Box bg="white" borderRadius="2xl" borderWidth="1px" borderColor="gray.200" maxW="3xl" mx="auto" px={{ base: 5, md: 12 }} py={{ base: 10, md: 14 }} textAlign="center" data-testid="admin-staff-only">
      <Stack align="center" gap="4">
        <LockArt />
        <Heading as="h1" fontSize={{ base: 'xl', md: '2xl' }} color="gray.900">
          {t('knowledgeAdmin.staffOnly.title')}
        </Heading>
        <Text color="gray.600" maxW="md">
          {t('knowledgeAdmin.staffOnly.body')}
        </Text>
        <Button asChild colorPalette="blue" variant="outline">
          <RouterLink to="/">{t('knowledgeAdmin.staffOnly.home')}</RouterLink>
        </Button>
      </Stack>
    </Box>
  );
}

/** The four libraries as a row of tabs (a scrolling row on a phone). */
function LibrarySwitch({ library, onPick }: { library: Library; onPick: (library: Library) => void }) {
  const t = useT();
  return (
    <Flex role="tablist" aria-label={t('knowledgeAdmin.library.label')} gap="1" overflowX="auto" bg="white" p="1" borderRadius="xl" borderWidth="1px" borderColor="gray.200" data-testid="admin-library-switch">
      {LIBRARIES.map((key) => (
        <chakra.button
          key={key}
          type="button"
          role="tab"
          aria-selected={key === library}
          onClick={() => onPick(key)}
          flex="1 0 auto"
          px={{ base: 3, md: 4 }}
          py="2"
          borderRadius="lg"
          fontSize="sm"
          fontWeight="medium"
          whiteSpace="nowrap"
          bg={key === library ? 'blue.600' : 'transparent'}
          color={key === library ? 'white' : 'gray.700'}
          _hover={{ bg: key === library ? 'blue.600' : 'gray.100' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'blue.400', outlineOffset: '1px' }}
          data-testid={`admin-library-${key}`}
        >
          {t(`knowledgeAdmin.library.${key}`)}
        </chakra.button>
      ))}
    </Flex>
  );
}

export interface KnowledgeAdminViewProps {
  model: LibraryPageModel;
  onPickLibrary: (library: Library) => void;
  onSelect: (id: number) => void;
  onRetry: () => void;
  /** The article form is open: on a phone it takes the page and the tree steps aside. */
  contentFocused?: boolean;
  /** The right pane: the chosen folder, or the article form. */
  children: ReactNode;
}

/** The staff page: title, library tabs, the tree on the left (on top on a phone) and the chosen folder or article form. */
export function KnowledgeAdminView({ model, onPickLibrary, onSelect, onRetry, contentFocused, children }: KnowledgeAdminViewProps) {
  const t = useT();
  return (
    <PageFrame backTo="/" backLabel={t('knowledgeAdmin.back')} width="6xl">
      {model.status === 'forbidden' ? (
        <StaffOnlyView />
      ) : (
        <Stack gap={{ base: 4, md: 5 }} data-testid="admin-page" data-status={model.status} data-library={model.library}>
          <SectionHeading title={t('knowledgeAdmin.title')} intro={t('knowledgeAdmin.intro')} />
          <LibrarySwitch library={model.library} onPick={onPickLibrary} />
          {model.status === 'failed' && (
            <Alert.Root status="warning" borderRadius="lg" alignItems="center" data-testid="admin-tree-failed">
              <Alert.Indicator />
              <Alert.Title flex="1">{model.error ? t('knowledgeAdmin.tree.failedInfo', { info: model.error }) : t('knowledgeAdmin.tree.failed')}</Alert.Title>
              <Button size="sm" variant="outline" bg="white" onClick={onRetry}>
                {t('knowledgeAdmin.tree.retry')}
              </Button>
            </Alert.Root>
          )}
          {model.status === 'loading' && (
            <Grid templateColumns={{ base: '1fr', lg: '20rem 1fr' }} gap="4" aria-busy="true" aria-label={t('knowledgeAdmin.tree.loading')}>
              <Skeleton h="20rem" borderRadius="2xl" />
              <Skeleton h="20rem" borderRadius="2xl" />
            </Grid>
          )}
          {model.status === 'ready' && (
            <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '20rem minmax(0, 1fr)' }} gap="4" alignItems="start">
              <Box
                as="nav"
                aria-label={t('knowledgeAdmin.tree.title')}
                display={contentFocused ? { base: 'none', lg: 'block' } : 'block'}
                bg="white"
                borderRadius="2xl"
                borderWidth="1px"
                borderColor="gray.200"
                p="2"
                maxH={{ base: '22rem', lg: 'calc(100dvh - 9rem)' }}
                overflowY="auto"
                position={{ base: 'static', lg: 'sticky' }}
                top={{ lg: '4.5rem' }}
              >
                <Text px="2" pt="1" pb="2" fontSize="xs" fontWeight="semibold" color="gray.500" textTransform="uppercase" letterSpacing="wide">
                  {t('knowledgeAdmin.tree.title')}
                </Text>
                <LibraryTreeView rows={model.rows} onSelect={onSelect} />
              </Box>
              <Box minW="0">{children}</Box>
            </Grid>
          )}
        </Stack>
      )}
    </PageFrame>
  );
}
