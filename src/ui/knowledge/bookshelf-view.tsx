import { Box, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { Book } from '../../domain/knowledge/bookshelf.machine';
import { useT } from '../i18n/language-context';
import { paths } from '../shell/paths';
import { EmptyNote } from '../common/content-parts';
import { FailedNote } from './knowledge-parts';

/** What the book tiles show. */
export interface BookshelfViewModel {
  status: 'loading' | 'failed' | 'ready';
  books: Book[];
  error: string;
}

// Cover colours cycle so neighbouring books differ.
const COVERS = [
  ['#1d4ed8', '#3b82f6'],
  ['#0f766e', '#14b8a6'],
  ['#b45309', '#f59e0b'],
  ['#7c3aed', '#a78bfa'],
  ['#be123c', '#fb7185'],
  ['#334155', '#64748b'],
] as const;

function BookArt({ index }: { index: number }) {
  const [dark, light] = COVERS[index % COVERS.length]!;
  return (
    <svg width="56" height="68" viewBox="0 0 56 68" aria-hidden="true">
      <rect x="8" y="4" width="44" height="60" rx="4" fill={light} />
      <rect x="4" y="2" width="44" height="60" rx="4" fill={dark} />
      <rect x="4" y="2" width="8" height="60" rx="3" fill="#000" opacity="0.18" />
      <rect x="17" y="14" width="24" height="4" rx="2" fill="#fff" opacity="0.9" />
      <rect x="17" y="22" width="18" height="3" rx="1.5" fill="#fff" opacity="0.6" />
      <path d="M22 40l6-6 6 6-6 6z" fill="#fff" opacity="0.35" />
    </svg>
  );
}

function LoadingTiles() {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4" aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <Box key={i} h="28" borderRadius="2xl" bg="gray.100" />
      ))}
    </SimpleGrid>
  );
}

/** The book tiles of the knowledge section: one per top classification, each opening its folder page. */
export function BookshelfView({ model, onRetry }: { model: BookshelfViewModel; onRetry: () => void }) {
  const t = useT();
  if (model.status === 'loading') return <LoadingTiles />;
  if (model.status === 'failed') return <FailedNote info={model.error} fallback={t('knowledge.shelf.failed')} onRetry={onRetry} testId="bookshelf-failed" />;
  if (model.books.length === 0) return <EmptyNote title={t('knowledge.shelf.empty')} testId="bookshelf-empty" />;
  return (
    <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap={{ base: 3, md: 4 }} m="0" p="0" data-testid="bookshelf">
      {model.books.map((book, index) => (
        <Box as="li" key={book.id} listStyleType="none">
          <RouterLink to={paths.folder(book.id)} data-testid="book-tile" data-id={book.id} style={{ display: 'block', height: '100%' }}>
            <Flex
              h="full"
              align="center"
              gap="4"
              bg="white"
              borderRadius="2xl"
              borderWidth="1px"
              borderColor="gray.200"
              boxShadow="xs"
              px="5"
              py="4"
              transition="box-shadow 0.2s, transform 0.2s, border-color 0.2s"
              _hover={{ boxShadow: 'md', transform: 'translateY(-2px)', borderColor: 'blue.200' }}
            >
              <Box flexShrink={0}>
                <BookArt index={index} />
              </Box>
              <Stack gap="1" minW="0">
                <Text fontWeight="semibold" color="gray.900" lineHeight="short" data-testid="book-name">
                  {book.name}
                </Text>
                <Text fontSize="sm" color="gray.500">
                  {book.folders > 0 ? t('knowledge.shelf.folders', { count: book.folders }) : t('knowledge.shelf.open')}
                </Text>
              </Stack>
            </Flex>
          </RouterLink>
        </Box>
      ))}
    </SimpleGrid>
  );
}
