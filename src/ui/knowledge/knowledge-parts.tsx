import { Alert, Button } from '@chakra-ui/react';
import { TablePager } from '../common/table-pager';
import { useT } from '../i18n/language-context';
import type { PagingModel } from './library-browser.selectors';

export function NewTabIcon() {
  return (
    <svg width="13" height="13" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </svg>
  );
}

/** The knowledge lists' pager: TablePager with the rows shown, and without controls when the list fits one page. */
export function KnowledgePager({ paging, busy, onPage, testId }: { paging: PagingModel; busy: boolean; onPage: (page: number) => void; testId: string }) {
  return <TablePager mt="3" page={paging.page} size={paging.size} total={paging.total} shown={paging} hideControlsOnOnePage busy={busy} onPage={onPage} testId={`${testId}-pager`} />;
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
