import { Heading, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { bookshelfMachine } from '../../domain/knowledge/bookshelf.machine';
import { useFreshActor } from '../common/use-fresh-actor';
import { useLanguage, useT } from '../i18n/language-context';
import { BookshelfView, type BookshelfViewModel } from './bookshelf-view';
import { useKnowledgeMachines } from './knowledge-machines';
import { KnowledgeSearchPanel } from './knowledge-search-screen';
import { SectionHeading } from '../common/section-heading';

function selectBookshelf(snapshot: SnapshotFrom<typeof bookshelfMachine>): BookshelfViewModel {
  const status = snapshot.matches('failed') ? 'failed' : snapshot.matches('ready') ? 'ready' : 'loading';
  return { status, books: snapshot.context.books, error: snapshot.context.error };
}

const sameShelf = (a: BookshelfViewModel, b: BookshelfViewModel) => a.status === b.status && a.books === b.books && a.error === b.error;

/** The knowledge section (spec 2 knowledge base entry): full-text search and the book tiles. */
export function KnowledgeHome({ isVisitor }: { isVisitor: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  const actor = useFreshActor(useKnowledgeMachines().bookshelf, { input: { lang: language } });
  const model = useSelector(actor, selectBookshelf, sameShelf);
  useEffect(() => {
    actor.send({ type: 'lang.set', lang: language });
  }, [actor, language]);

  return (
    <Stack gap={{ base: 4, md: 6 }} py={{ base: 1, md: 2 }} data-testid="knowledge-home" data-visitor={String(isVisitor)}>
      <SectionHeading title={t('knowledge.home.title')} intro={t('knowledge.home.intro')} />
      <KnowledgeSearchPanel isVisitor={isVisitor} />
      <Stack gap="3">
        <Heading as="h2" fontSize="lg" color="gray.900">
          {t('knowledge.home.books')}
        </Heading>
        <BookshelfView model={model} onRetry={() => actor.send({ type: 'shelf.reload' })} />
      </Stack>
    </Stack>
  );
}

/** `/index/knowledge`: the logged-in shell's knowledge section. */
export function KnowledgeSection() {
  return <KnowledgeHome isVisitor={false} />;
}

/** `/visitor/knowledge`: the visitor tab. */
export function VisitorKnowledgeTab() {
  return <KnowledgeHome isVisitor />;
}
