import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import type { Library } from '../../domain/knowledge/library';
import { useFreshActor } from '../common/use-fresh-actor';
import { useT } from '../i18n/language-context';
import { PageFrame } from '../common/page-frame';
import { articleBackPath } from './article-links';
import { selectArticle } from './article.selectors';
import { ArticleView } from './article-view';
import { useKnowledgeMachines } from './knowledge-machines';
import { usePurifier } from './safe-html';

const BACK_LABELS: Record<Library, string> = {
  knowledge: 'knowledge.back.folder',
  download: 'knowledge.back.download',
  guide: 'knowledge.back.guide',
  faults: 'knowledge.back.self',
};

/** The article id of a route; NaN for anything that is not a whole number (the page shows "not found"). */
const articleIdOf = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : Number.NaN);

/** An article page of one library: records the view, shows the article, sets the document title. */
export function ArticleScreen({ library }: { library: Library }) {
  const t = useT();
  const purify = usePurifier();
  const { id, parentId, isVisitor } = useParams();
  const actor = useFreshActor(useKnowledgeMachines().article, { input: { library, id: articleIdOf(id) } });
  const model = useSelector(actor, selectArticle, shallowEqual);

  useEffect(() => {
    if (!model.title) return;
    const before = document.title;
    document.title = model.title;
    return () => {
      document.title = before;
    };
  }, [model.title]);

  return (
    <PageFrame backTo={articleBackPath(library, parentId, isVisitor === 'true')} backLabel={t(BACK_LABELS[library])} width="3xl">
      <ArticleView model={model} purify={purify} onRetry={() => actor.send({ type: 'article.reload' })} />
    </PageFrame>
  );
}

/** `/article/:id/:parentId`: a knowledge article (Back to its folder page). */
export function KnowledgeArticlePage() {
  return <ArticleScreen library="knowledge" />;
}

/** `/guideArticle/:id/:parentId`: an operation guide article (Back to /guide). */
export function GuideArticlePage() {
  return <ArticleScreen library="guide" />;
}

/** `/selfArticle/:id/:parentId`: a self-service fault article (Back to /self). */
export function SelfArticlePage() {
  return <ArticleScreen library="faults" />;
}

/** `/softwareDown/:id/:parentId/:isVisitor`: a download article (Back to the visitor tab or /download2). */
export function SoftwareDownArticlePage() {
  return <ArticleScreen library="download" />;
}
