import type { FormMessage } from '../../domain/accounts/validation';
import { useT } from '../i18n/language-context';

/** Turns a rule's key or a server text into words in the current language. */
export function useMessageText(): (message: FormMessage | null | undefined) => string | undefined {
  const t = useT();
  return (message) => {
    if (!message) return undefined;
    return 'key' in message ? t(message.key) : message.text || undefined;
  };
}
