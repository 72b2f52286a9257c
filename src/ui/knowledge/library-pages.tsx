import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { SessionStoreToken } from '../../ports/tokens';
import { useService } from '../common/services-context';
import { useT } from '../i18n/language-context';
import { paths } from '../shell/paths';
import { PageFrame } from '../common/page-frame';
import { LibraryBrowserScreen } from './library-browser-screen';

function PageHeading({ title, intro, testId }: { title: string; intro?: string; testId?: string }) {
  return (
    <Stack gap="1" mb={{ base: 4, md: 6 }}>
      <Heading as="h1" fontSize={{ base: 'xl', md: '2xl' }} color="gray.900" data-testid={testId}>
        {title}
      </Heading>
      {intro && (
        <Text color="gray.600" fontSize={{ base: 'sm', md: 'md' }}>
          {intro}
        </Text>
      )}
    </Stack>
  );
}

/** A route id as a classification id; anything else names no classification (the page says so). */
const nodeIdOf = (value: string | undefined): number => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : -1;
};

/** `/folder/:id`: one knowledge classification's tree (the page language's branch) and its articles. */
export function FolderPage() {
  const t = useT();
  const { id = '' } = useParams();
  // A visitor: the stored visitor flag, or no one logged in.
  const isVisitor = useService(SessionStoreToken).isVisitor();
  return (
    <PageFrame backTo={isVisitor ? paths.visitor('knowledge') : paths.section('knowledge')} backLabel={t('knowledge.back.knowledge')} width="6xl">
      <LibraryBrowserScreen
        key={id}
        library="knowledge"
        focus={nodeIdOf(id)}
        columns="full"
        rootLabel={(model) => model.topName || t('knowledge.library.knowledge')}
        actionLabel={t('knowledge.action.view')}
        hrefOf={(row) => paths.article(row.Id, id)}
        testId="folder"
        header={(model) => <PageHeading title={model.topName || t('knowledge.folder.title')} intro={t('knowledge.folder.intro')} testId="folder-heading" />}
      />
    </PageFrame>
  );
}

/** The download centre's content: full-text search on its library, then the tree and table. */
// One search box: the library's own label search. The full-text search (which can be narrowed to
// the download library) lives on the knowledge pages; two boxes here read as two different searches.
function DownloadCentre({ isVisitor }: { isVisitor: boolean }) {
  const t = useT();
  return (
    <Stack gap={{ base: 4, md: 5 }}>
      <LibraryBrowserScreen
        library="download"
        columns="compact"
        rootLabel={() => t('knowledge.library.download')}
        actionLabel={t('knowledge.action.view')}
        hrefOf={(row) => paths.softwareDown(row.Id, row.NodeId, isVisitor)}
        testId="download"
      />
    </Stack>
  );
}

function FramedLibrary({ backTo, backLabel, title, intro, children }: { backTo: string; backLabel: string; title: string; intro: string; children: ReactNode }) {
  return (
    <PageFrame backTo={backTo} backLabel={backLabel} width="6xl">
      <PageHeading title={title} intro={intro} />
      {children}
    </PageFrame>
  );
}

/** `/download2`: the download centre for logged-in users (Back to /index/use). */
export function Download2Page() {
  const t = useT();
  return (
    <FramedLibrary backTo={paths.section('use')} backLabel={t('knowledge.back.use')} title={t('knowledge.library.download')} intro={t('knowledge.download.intro')}>
      <DownloadCentre isVisitor={false} />
    </FramedLibrary>
  );
}

/** `/visitor/download`: the download centre as the visitor tab. */
export function VisitorDownloadTab() {
  const t = useT();
  return (
    <Stack gap="0" py={{ base: 1, md: 2 }}>
      <PageHeading title={t('knowledge.library.download')} intro={t('knowledge.download.intro')} />
      <DownloadCentre isVisitor />
    </Stack>
  );
}

/** `/guide`: the operation guide (Back to /index/use; look opens /guideArticle in a new tab). */
export function GuidePage() {
  const t = useT();
  return (
    <FramedLibrary backTo={paths.section('use')} backLabel={t('knowledge.back.use')} title={t('knowledge.library.guide')} intro={t('knowledge.guide.intro')}>
      <LibraryBrowserScreen
        library="guide"
        columns="compact"
        rootLabel={() => t('knowledge.library.guide')}
        actionLabel={t('knowledge.action.view')}
        hrefOf={(row) => paths.guideArticle(row.Id, row.NodeId)}
        testId="guide"
      />
    </FramedLibrary>
  );
}

/** `/self`: self-service fault articles (Back to /index/repair; view opens /selfArticle in a new tab). */
export function SelfPage() {
  const t = useT();
  return (
    <FramedLibrary backTo={paths.section('repair')} backLabel={t('knowledge.back.repair')} title={t('knowledge.library.faults')} intro={t('knowledge.self.intro')}>
      <LibraryBrowserScreen
        library="faults"
        columns="compact"
        rootLabel={() => t('knowledge.library.faults')}
        actionLabel={t('knowledge.action.view')}
        hrefOf={(row) => paths.selfArticle(row.Id, row.NodeId)}
        testId="self"
      />
    </FramedLibrary>
  );
}
