import { parse } from 'yaml';
import { LIBRARIES, type ContentLanguage, type Library } from '../../../domain/knowledge/library';

/** The front matter of a content file (ADR 0007 "Import"), checked. */
export interface ContentMeta {
  library: Library;
  /** Folder names below the language branch; in the knowledge library the first names the top classification. */
  path: string[];
  /** Knowledge only: the top classification's names in both languages. */
  top: { zh: string; en: string } | null;
  title: string;
  label: string;
  series: string;
  language: ContentLanguage;
  created: Date | null;
  attachments: string[];
}

export interface ContentFile {
  meta: ContentMeta;
  body: string;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());

/** Splits `---\n<yaml>\n---\n<body>` and checks the fields; throws an Error naming what is wrong. */
export function parseContentFile(source: string): ContentFile {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error('no front matter (the file must start with a --- block)');
  const data = (parse(match[1]!) ?? {}) as Record<string, unknown>;
  const library = text(data.library) as Library;
  if (!LIBRARIES.includes(library)) throw new Error(`library must be one of ${LIBRARIES.join(', ')}`);
  const language = text(data.language);
  if (language !== 'zh' && language !== 'en') throw new Error('language must be zh or en');
  const title = text(data.title);
  if (!title) throw new Error('title is required');
  const path = Array.isArray(data.path) ? data.path.map(text).filter(Boolean) : text(data.path) ? [text(data.path)] : [];
  const topData = data.top as { zh?: unknown; en?: unknown } | undefined;
  const top = topData && (text(topData.zh) || text(topData.en)) ? { zh: text(topData.zh) || text(topData.en), en: text(topData.en) || text(topData.zh) } : null;
  if (library === 'knowledge' && !top && !path.length) throw new Error('a knowledge article needs its top classification (top, or the first name of path)');
  const created = data.created ? new Date(data.created instanceof Date ? data.created : text(data.created)) : null;
  if (created && Number.isNaN(created.getTime())) throw new Error('created is not a date');
  const attachments = Array.isArray(data.attachments) ? data.attachments.map(text).filter(Boolean) : [];
  return {
    meta: { library, path, top, title, label: text(data.label), series: text(data.series), language, created, attachments },
    body: match[2] ?? '',
  };
}
