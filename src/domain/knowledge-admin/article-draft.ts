import type { ContentLanguage } from '../knowledge/library';

/** The longest title an article may have. */
export const TITLE_MAX = 200;
/** Label and series are short tags (spec 3 filters); the server takes labels up to 100, series up to 50 characters. */
export const LABEL_MAX = 100;
export const SERIES_MAX = 50;

/** An article as the form holds it. */
export interface ArticleDraft {
  title: string;
  label: string;
  series: string;
  language: ContentLanguage;
  /** The folder; null until one is chosen. */
  nodeId: number | null;
  /** The editor's HTML. */
  html: string;
}

export type DraftField = keyof ArticleDraft;

export type DraftErrorId =
  | 'knowledgeAdmin.article.error.titleRequired'
  | 'knowledgeAdmin.article.error.titleTooLong'
  | 'knowledgeAdmin.article.error.tagTooLong'
  | 'knowledgeAdmin.article.error.seriesTooLong'
  | 'knowledgeAdmin.article.error.folderRequired'
  | 'knowledgeAdmin.article.error.bodyRequired';

export type DraftErrors = Partial<Record<DraftField, DraftErrorId>>;

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/**
 * True when the HTML shows nothing: no text once tags and entities are gone, and no image. The
 * editor answers `<p><br></p>` for an empty document.
 */
export function isBodyEmpty(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#?\w+);/g, (whole, name: string) => ENTITIES[name] ?? (name.startsWith('#') ? 'x' : whole));
  return text.replace(/[\s\u00a0\u200b\ufeff]/g, '') === '';
}

/** The rules of the article form: title 1..200 characters, tags up to 100, a folder, a body that shows something. */
export function validateDraft(draft: ArticleDraft): DraftErrors {
  const errors: DraftErrors = {};
  const title = draft.title.trim();
  if (!title) errors.title = 'knowledgeAdmin.article.error.titleRequired';
  else if (title.length > TITLE_MAX) errors.title = 'knowledgeAdmin.article.error.titleTooLong';
  if (draft.label.replace(/\s+/g, '').length > LABEL_MAX) errors.label = 'knowledgeAdmin.article.error.tagTooLong';
  if (draft.series.trim().length > SERIES_MAX) errors.series = 'knowledgeAdmin.article.error.seriesTooLong';
  if (draft.nodeId === null) errors.nodeId = 'knowledgeAdmin.article.error.folderRequired';
  if (isBodyEmpty(draft.html)) errors.html = 'knowledgeAdmin.article.error.bodyRequired';
  return errors;
}

/** True when the draft may be sent. */
export function isDraftValid(draft: ArticleDraft): boolean {
  return Object.keys(validateDraft(draft)).length === 0;
}

/** What SaveArticle receives from a draft: trimmed text; whitespace is removed from the label (spec 3). */
export function draftToSave(draft: ArticleDraft, id: number | null) {
  return {
    ...(id !== null ? { Id: id } : {}),
    NodeId: draft.nodeId!,
    Title: draft.title.trim(),
    Lable: draft.label.replace(/\s+/g, ''),
    Series: draft.series.trim(),
    Language: draft.language,
    HtmlContent: draft.html,
  };
}

/** The save body built by `draftToSave`. */
export type SaveArticleRequest = ReturnType<typeof draftToSave>;
