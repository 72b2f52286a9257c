import { segmentedText } from '../../../domain/knowledge/search-terms';
import type { ArticleInput } from '../../../ports/knowledge-store.port';
import { sanitiseArticleHtml, textOfHtml } from './html-sanitiser';

/** An article as written or imported; its `html` is sanitised here, whatever its source. */
export type ArticleDraft = Omit<ArticleInput, 'plainText' | 'searchTitle' | 'searchBody'>;

/** An article as it is stored: HTML sanitised, its text extracted, title and text split into words for the index. */
export function articleInputOf(draft: ArticleDraft): ArticleInput {
  const html = sanitiseArticleHtml(draft.html);
  const plainText = textOfHtml(html);
  const title = draft.title.trim();
  return {
    library: draft.library,
    nodeId: draft.nodeId,
    title,
    label: draft.label.trim(),
    series: draft.series.trim(),
    language: draft.language,
    html,
    plainText,
    // The label is searched with the title: it names what the article is about.
    searchTitle: segmentedText(`${title} ${draft.label}`),
    searchBody: segmentedText(plainText),
    ...(draft.sourceKey !== undefined ? { sourceKey: draft.sourceKey } : {}),
    ...(draft.createdAt ? { createdAt: draft.createdAt } : {}),
  };
}
