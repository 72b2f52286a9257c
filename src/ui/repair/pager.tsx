import { Flex, IconButton, Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ChevronIcon } from '../common/report-card';
import { useT } from '../i18n/language-context';

/** Pages of `size` rows with a quick jumper (spec 3 section 9: 10 a page). */
export function Pager({ page, size, total, onPage, testId }: { page: number; size: number; total: number; onPage: (page: number) => void; testId: string }) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / size));
  const [jump, setJump] = useState('');
  const go = () => {
    const n = Number(jump);
    if (Number.isInteger(n) && n >= 1) onPage(Math.min(n, pages));
    setJump('');
  };
  return (
    <Flex justify="space-between" align="center" gap="3" wrap="wrap" mt="3" data-testid={testId}>
      <Text fontSize="sm" color="gray.600">
        {t('repair.pager.total', { total })}
      </Text>
      <Flex align="center" gap="2" wrap="wrap">
        <IconButton size="sm" variant="outline" aria-label={t('repair.pager.prev')} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronIcon direction="left" />
        </IconButton>
        <Text fontSize="sm" color="gray.700" minW="5.5rem" textAlign="center" data-testid={`${testId}-page`}>
          {t('repair.pager.page', { page, pages })}
        </Text>
        <IconButton size="sm" variant="outline" aria-label={t('repair.pager.next')} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          <ChevronIcon direction="right" />
        </IconButton>
        <Text fontSize="sm" color="gray.600">
          {t('repair.pager.jump')}
        </Text>
        <Input
          size="sm"
          w="14"
          inputMode="numeric"
          value={jump}
          aria-label={t('repair.pager.jump')}
          onChange={(e) => setJump(e.currentTarget.value.replace(/\D/g, ''))}
          onKeyDown={(e) => e.key === 'Enter' && go()}
          onBlur={() => jump && go()}
          data-testid={`${testId}-jump`}
        />
      </Flex>
    </Flex>
  );
}
