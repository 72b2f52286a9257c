import { Stack, Table, Text, type HTMLChakraProps } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../i18n/language-context';
import { firstScreenCopy } from './first-screen';
import { SCROLL_AREA_ATTRIBUTE, SCROLL_HINT_ATTRIBUTE } from './first-screen-markup';

export interface ScrollRegionProps extends Omit<HTMLChakraProps<'div'>, 'children'> {
  /** What the region holds, for screen readers ("Task report"). */
  label: string;
  children: ReactNode;
  testId?: string;
}

/**
 * A table that may be wider than the screen. Its scroll area is a named region that takes focus,
 * so a keyboard can scroll it (axe scrollable-region-focusable, WCAG 2.1.1), and when columns are
 * cut off (phones) a line above says the table scrolls sideways.
 */
export function ScrollRegion({ label, children, testId, ...rest }: ScrollRegionProps) {
  const t = useT();
  const area = useRef<HTMLDivElement>(null);
  const [cut, setCut] = useState(false);
  // Taking over from a copy the server painted, hint and all (ADR 0026): measured before the frame
  // that shows the table, or the hint would come a frame later and push the table down. Only then:
  // a forced layout inside the render's task costs a phone (the observer below does it otherwise).
  useLayoutEffect(() => {
    const el = area.current;
    if (el && firstScreenCopy()) setCut(el.scrollWidth > el.clientWidth + 1);
  }, []);
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    // The observer reports each element once when it starts and then on every change, after the
    // browser's own layout; measuring here as well forced a layout of the whole page inside the
    // render's task (on /index/task, a third of its longest task: docs/adr/0024).
    const observer = new ResizeObserver(() => setCut(el.scrollWidth > el.clientWidth + 1));
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <Stack gap="1" minW="0">
      {/* Hidden rather than left out, so that a copy painted on the server can show it (first-screen-script.ts). */}
      <Text fontSize="xs" color="gray.600" data-testid="scroll-hint" hidden={!cut} {...{ [SCROLL_HINT_ATTRIBUTE]: '' }}>
        {t('common.scrollSideways')}
      </Text>
      <Table.ScrollArea
        ref={area}
        tabIndex={0}
        role="region"
        aria-label={label}
        _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' }}
        data-testid={testId}
        {...{ [SCROLL_AREA_ATTRIBUTE]: '' }}
        {...rest}
      >
        {children}
      </Table.ScrollArea>
    </Stack>
  );
}
