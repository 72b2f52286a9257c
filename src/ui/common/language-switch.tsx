import { Button, Menu, Portal } from '@chakra-ui/react';
import type { Language } from '../../domain/accounts/language.machine';
import { useLanguage, useT } from '../i18n/language-context';
import { languageButtonName, languageShown } from './language-button-name';

function GlobeIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
    </svg>
  );
}

/** Simplified Chinese / English dropdown; the choice is stored under `lang`. */
export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { language, setLanguage } = useLanguage();
  const t = useT();
  const shown = languageShown(language);
  return (
    <Menu.Root onSelect={(details) => setLanguage(details.value as Language)}>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          color={tone === 'dark' ? 'white' : 'gray.700'}
          _hover={{ bg: tone === 'dark' ? 'whiteAlpha.200' : 'gray.100' }}
          // The name starts with what the button shows (WCAG 2.5.3), then says what it is for.
          aria-label={languageButtonName(language, t('common.language'))}
          data-testid="language-switch"
          // Never squeezed by a long brand name beside it: a touch target stays at least 24 px (WCAG 2.5.8).
          flexShrink={0}
          minW="10"
        >
          <GlobeIcon />
          {shown}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="36">
            <Menu.Item value="zh" fontWeight={language === 'zh' ? 'semibold' : 'normal'}>
              {t('common.language.zh')}
            </Menu.Item>
            <Menu.Item value="en" fontWeight={language === 'en' ? 'semibold' : 'normal'}>
              {t('common.language.en')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
