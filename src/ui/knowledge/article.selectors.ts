import type { SnapshotFrom } from 'xstate';
import type { articleMachine } from '../../domain/knowledge/article.machine';
import type { Attachment, ContentLanguage } from '../../domain/knowledge/library';

/** What an article page shows. */
export interface ArticleViewModel {
  status: 'loading' | 'ready' | 'missing' | 'failed';
  error: string;
  title: string;
  createTime: string;
  /** The count the recorded view answered, else the article's own; null until either is known. */
  views: number | null;
  /** As the server sent it; sanitised again when rendered. */
  html: string;
  label: string;
  series: string;
  language: ContentLanguage | null;
  attachments: Attachment[];
}

/** The article machine's snapshot as a view model. */
export function selectArticle(snapshot: SnapshotFrom<typeof articleMachine>): ArticleViewModel {
  const { article, views, error } = snapshot.context;
  const status = snapshot.matches({ content: 'ready' })
    ? 'ready'
    : snapshot.matches({ content: 'missing' })
      ? 'missing'
      : snapshot.matches({ content: 'failed' })
        ? 'failed'
        : 'loading';
  return {
    status,
    error,
    title: article?.Title ?? '',
    createTime: article?.CreateTime ?? '',
    views: views ?? (article && Number.isFinite(article.ViewCount) ? article.ViewCount : null),
    html: article?.HtmlContent ?? '',
    label: article?.Lable ?? '',
    series: article?.Series ?? '',
    language: article?.Language ?? null,
    attachments: article?.Attachments ?? [],
  };
}
