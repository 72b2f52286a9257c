import type { ContentLanguage } from '../../domain/knowledge/library';
import { dateTimeFormat } from '../common/intl-formats';

/** A creation time with hours and minutes in the page's locale. */
export function formatDateTime(value: string, locale: string): string {
  const time = Date.parse(value);
  if (!value || Number.isNaN(time)) return value ?? '';
  return dateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(time);
}

/** The content language as its own name (中文, English), the same in both page languages. */
export const contentLanguageName = (lang: ContentLanguage | string): string => (lang === 'en' ? 'English' : lang === 'zh' ? '中文' : String(lang ?? ''));
