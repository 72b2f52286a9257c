import type { Translate } from '../i18n/intl';

/** A refusal as the page shows it: a named refusal (`uc.refused.<name>`) in the page's language, any other text as the server wrote it. */
export const serverText = (t: Translate, message: string): string => (message.startsWith('uc.refused.') ? t(message) : message);
