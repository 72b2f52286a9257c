import { Button, IconButton } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import type { Language } from '../../domain/accounts/language.machine';
import { ICONS, LineIcon } from './landing-art';
import { languageButtonName, languageShown } from '../common/language-button-name';

/** The section menu's button (a trigger inside the menu, a stand-in while the menu's code loads). */
export function SectionMenuButton({ label, ...rest }: { label: string } & ComponentProps<typeof IconButton>) {
  return (
    <IconButton
      size="sm"
      variant="ghost"
      color="gray.700"
      // Below 1200 px the menu also carries the official site link.
      css={{ '@media (min-width: 1200px)': { display: 'none' } }}
      aria-label={label}
      data-testid="landing-menu"
      {...rest}
    >
      <LineIcon d={ICONS.menu} size={20} />
    </IconButton>
  );
}

/** Looks like the shell's LanguageSwitch button; stands in for it while its menu's code loads. */
export function LanguageButton({ language, label }: { language: Language; label: string }) {
  return (
    <Button variant="ghost" size="sm" color="gray.700" _hover={{ bg: 'gray.100' }} aria-label={languageButtonName(language, label)} data-testid="language-switch">
      <LineIcon d={ICONS.globe} size={16} />
      {languageShown(language)}
    </Button>
  );
}
