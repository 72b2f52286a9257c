import { Stack, Table, Text, type HTMLChakraProps } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../i18n/language-context';

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
      {/* Its line is always there, shown once the table is found cut: appearing, it moves nothing (a
          layout shift on every phone, and a copy painted on the server cannot know it, ADR 0026). */}
      <Text fontSize="xs" color="gray.600" data-testid="scroll-hint" visibility={cut ? 'visible' : 'hidden'} aria-hidden={!cut}>
        {t('common.scrollSideways')}
      </Text>
      <Table.ScrollArea
        ref={area}
        tabIndex={0}
        role="region"
        aria-label={label}
        _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' }}
        data-testid={testId}
        {...rest}
      >
        {children}
      </Table.ScrollArea>
    </Stack>
  );
}
