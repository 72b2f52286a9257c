import { messages } from '../../src/ui/i18n/messages';

/** React Router's own error page, shown when a route throws and no route of ours catches it (none does). */
export const ROUTER_ERROR_PAGE = 'Unexpected Application Error!';

/**
 * What a page says when it gave up, in both languages, read from the message catalogues so a new
 * failure message is watched for without a change here: every message whose key ends in a
 * `fail…` word (`failed`, `loadFailed`, `failedInfo`, `fail3`, `infoFailed`...), the request
 * timeout's, and the router's error page. A message with a value (`{info}`) is matched by its
 * text before the value.
 */
export function failureTexts(): string[] {
  const texts = new Set<string>([ROUTER_ERROR_PAGE, 'could not be loaded', '加载失败']);
  for (const catalogue of [messages.zh, messages.en]) {
    for (const [key, text] of Object.entries(catalogue)) {
      const last = key.split('.').at(-1)!;
      if (!/fail/i.test(last) && !key.startsWith('common.timedOut')) continue;
      const fixed = text.split('{')[0].trim();
      if (fixed.length >= 2) texts.add(fixed);
    }
  }
  return [...texts];
}
