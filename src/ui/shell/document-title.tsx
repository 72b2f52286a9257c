import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { brand } from '../common/brand';
import { useLanguage } from '../i18n/language-context';
import { pageTitleOf } from './page-titles';

/** Names the browser tab after the page, in the page's language (page-titles.ts); articles name it themselves. */
export function DocumentTitle() {
  const { pathname } = useLocation();
  const { language } = useLanguage();
  useEffect(() => {
    const title = pageTitleOf(pathname, language, brand.name);
    if (title !== null) document.title = title;
  }, [pathname, language]);
  return null;
}
