import { Alert, Box, type BoxProps, Button, Flex, IconButton, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/language-context';
import type { PagingModel } from './library-browser.selectors';

export function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={direction === 'left' ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} />
    </svg>
  );
}

export function SearchIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}

export function EyeIcon() {
  return (
    <svg width="15" height="15" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
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

/** A calm empty state: an outline icon, a title and a line. */
export function EmptyNote({ title, body, testId, children }: { title: string; body?: string; testId?: string; children?: ReactNode }) {
  return (
    <Stack align="center" textAlign="center" gap="2" py="10" px="4" color="gray.600" data-testid={testId}>
      <svg width="44" height="44" viewBox="0 0 24 24" fill="none" stroke="#94a3b8" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M4 5a2 2 0 0 1 2-2h9l5 5v11a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z" />
        <path d="M14 3v5h5M8 13h8M8 17h5" />
      </svg>
      <Text fontWeight="semibold" color="gray.800">
        {title}
      </Text>
      {body && (
        <Text fontSize="sm" maxW="sm">
          {body}
        </Text>
      )}
      {children}
    </Stack>
  );
}

/** Grey bars while a list loads. */
export function LoadingRows({ rows = 4, label }: { rows?: number; label: string }) {
  return (
    <Stack gap="2" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h="8" borderRadius="md" />
      ))}
    </Stack>
  );
}

/** A white rounded card. */
export function Card({ children, testId, ...rest }: BoxProps & { testId?: string }) {
  return (
    <Box bg="white" borderRadius="2xl" borderWidth="1px" borderColor="gray.200" boxShadow="xs" p={{ base: 3, md: 5 }} minW="0" data-testid={testId} {...rest}>
      {children}
    </Box>
  );
}
