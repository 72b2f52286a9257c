import { Box } from '@chakra-ui/react';
import type { MouseEvent } from 'react';
import { useT } from '../i18n/language-context';

/** The id of the `<main>` a frame's skip link jumps to. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content": the first tab stop of a frame, shown only when focused (WCAG 2.4.1).
 * The header before the content has up to 13 stops (sections, language, account). Focus is moved
 * by hand: a plain `#main-content` link would also write the hash into the router's location.
 */
export function SkipLink() {
  const t = useT();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <Box
      asChild
      position="absolute"
      top="2"
      left="2"
      zIndex="skipNav"
      px="4"
      py="2"
      bg="white"
      color="blue.700"
      fontWeight="semibold"
      borderRadius="md"
      boxShadow="md"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none', outline: '2px solid', outlineColor: 'blue.600' }}
    >
      <a href={`#${MAIN_CONTENT_ID}`} onClick={skip} data-testid="skip-link">
        {t('common.skipToMain')}
      </a>
    </Box>
  );
}
