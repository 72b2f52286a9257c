import { Button, Flex, IconButton, Input, NativeSelect, Text, type FlexProps } from '@chakra-ui/react';
import { useState } from 'react';
import { useT } from '../i18n/language-context';
import { ChevronIcon } from './report-card';

export interface TablePagerProps {
  page: number;
  size: number;
  total: number;
  /** The page sizes offered; without them (and `onSize`) the size is fixed and no choice shows. */
  sizes?: readonly number[];
  /** A page asked for, always one of the pages (the jumper's number is kept within them). */
  onPage: (page: number) => void;
  onSize?: (size: number) => void;
  /** While a page loads the buttons wait. */
  busy?: boolean;
  /**
   * The rows on the page, for lists that say which rows show ("11–20 of 57") rather than the total
   * alone: where a reader can change the size or scroll a long page, the line says where they are.
   */
  shown?: { from: number; to: number };
  /** With a single page only the line shows: lists that are mostly that short (knowledge) show no controls that would all be idle. */
  hideControlsOnOnePage?: boolean;
  testId: string;
  /** Room above the pager, under its table. */
  mt?: FlexProps['mt'];
}

/**
 * A server-paged table's pager: the total, the page size, previous and next, the page, and a quick
 * jumper (spec 3: 10 a page with a quick jumper). The jumper goes on Enter or its button, so a
 * phone's numeric keyboard, which has no Enter, still can.
 */
export function TablePager({ page, size, total, sizes, onPage, onSize, busy = false, shown, hideControlsOnOnePage = false, testId, mt }: TablePagerProps) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, size)));
  const [jump, setJump] = useState('');
  return (
    <Flex justify="space-between" align="center" gap="3" wrap="wrap" mt={mt} data-testid={testId} data-page={page} data-pages={pages}>
      <Text fontSize="sm" color="gray.600" data-testid={`${testId}-total`}>
        {shown ? t('common.pager.rows', { from: shown.from, to: shown.to, total }) : t('common.pager.total', { total })}
      </Text>
      {!(hideControlsOnOnePage && pages === 1) && (
        <Flex align="center" gap="2" wrap="wrap">
          {sizes && onSize && (
            <NativeSelect.Root size="sm" width="auto">
              <NativeSelect.Field aria-label={t('common.pager.size')} value={String(size)} onChange={(e) => onSize(Number(e.currentTarget.value))} bg="white" data-testid={`${testId}-size`}>
                {sizes.map((n) => (
                  <option key={n} value={n}>
                    {t('common.pager.sizeOption', { size: n })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
          <IconButton size="sm" variant="outline" aria-label={t('common.pager.prev')} disabled={busy || page <= 1} onClick={() => onPage(page - 1)} data-testid={`${testId}-prev`}>
            <ChevronIcon direction="left" />
          </IconButton>
          <Text fontSize="sm" color="gray.700" minW="5.5rem" textAlign="center" fontVariantNumeric="tabular-nums" data-testid={`${testId}-page`}>
            {t('common.pager.page', { page, pages })}
          </Text>
          <IconButton size="sm" variant="outline" aria-label={t('common.pager.next')} disabled={busy || page >= pages} onClick={() => onPage(page + 1)} data-testid={`${testId}-next`}>
            <ChevronIcon direction="right" />
          </IconButton>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (jump) onPage(Math.min(Math.max(1, Number(jump)), pages));
              setJump('');
            }}
          >
            <Flex align="center" gap="1">
              <Text fontSize="sm" color="gray.600">
                {t('common.pager.jump')}
              </Text>
              <Input size="sm" width="3.5rem" inputMode="numeric" value={jump} onChange={(e) => setJump(e.currentTarget.value.replace(/\D/g, ''))} aria-label={t('common.pager.jump')} bg="white" data-testid={`${testId}-jump`} />
              <Button size="sm" variant="outline" type="submit" disabled={busy}>
                {t('common.pager.go')}
              </Button>
            </Flex>
          </form>
        </Flex>
      )}
    </Flex>
  );
}
