import { Alert, Button, Flex, IconButton, Text } from '@chakra-ui/react';
import { useT } from '../i18n/language-context';
import type { PagingModel } from './library-browser.selectors';

export function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={direction === 'left' ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} />
    </svg>
  );
}

export function NewTabIcon() {
  return (
    <svg width="13" height="13" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </svg>
  );
}

/** Previous / next with "page x of y" and the rows shown. */
export function KnowledgePager({ paging, busy, onPage, testId }: { paging: PagingModel; busy: boolean; onPage: (page: number) => void; testId: string }) {
  const t = useT();
  return (
    <Flex justify="space-between" align="center" gap="3" wrap="wrap" mt="3" data-testid={`${testId}-pager`}>
      <Text fontSize="sm" color="gray.600">
        {t('knowledge.pager.rows', { from: paging.from, to: paging.to, total: paging.total })}
      </Text>
      {paging.pages > 1 && (
        <Flex align="center" gap="2">
          <IconButton size="sm" variant="outline" bg="white" aria-label={t('knowledge.pager.prev')} disabled={paging.page <= 1 || busy} onClick={() => onPage(paging.page - 1)} data-testid={`${testId}-prev`}>
            <ChevronIcon direction="left" />
          </IconButton>
          <Text fontSize="sm" color="gray.700" minW="4.5rem" textAlign="center" data-testid={`${testId}-page`}>
            {t('knowledge.pager.page', { page: paging.page, pages: paging.pages })}
          </Text>
          <IconButton size="sm" variant="outline" bg="white" aria-label={t('knowledge.pager.next')} disabled={paging.page >= paging.pages || busy} onClick={() => onPage(paging.page + 1)} data-testid={`${testId}-next`}>
            <ChevronIcon direction="right" />
          </IconButton>
        </Flex>
      )}
    </Flex>
  );
}

/** A warning with the server's info (or a generic line) and a retry button. */
export function FailedNote({ info, fallback, onRetry, testId }: { info: string; fallback: string; onRetry: () => void; testId: string }) {
  const t = useT();
  return (
    <Alert.Root status="warning" borderRadius="lg" alignItems="center" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title fontWeight="normal">{info || fallback}</Alert.Title>
      </Alert.Content>
      <Button size="sm" variant="outline" bg="white" onClick={onRetry}>
        {t('knowledge.retry')}
      </Button>
    </Alert.Root>
  );
}
