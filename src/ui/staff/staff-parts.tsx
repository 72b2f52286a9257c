import { Alert, Box, Button, Flex, Heading, IconButton, Input, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { pageCount } from '../../domain/staff/paged-list.machine';
import { useT } from '../i18n/language-context';

/** The staff lists' pager: total, previous and next, the page, and a quick jumper (spec 3). */
export function StaffPager({ page, size, total, onPage, testId }: { page: number; size: number; total: number; onPage: (page: number) => void; testId: string }) {
  const t = useT();
  const pages = pageCount(total, size);
  const [jump, setJump] = useState('');
  return (
    <Flex justify="space-between" align="center" gap="3" wrap="wrap" mt="3" data-testid={`${testId}-pager`}>
      <Text fontSize="sm" color="gray.600">
        {t('staff.pager.total', { total })}
      </Text>
      <Flex align="center" gap="2" wrap="wrap">
        <IconButton size="sm" variant="outline" aria-label={t('staff.pager.prev')} disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid={`${testId}-prev`}>
          ‹
        </IconButton>
        <Text fontSize="sm" minW="6rem" textAlign="center" data-testid={`${testId}-page`}>
          {t('staff.pager.page', { page, pages })}
        </Text>
        <IconButton size="sm" variant="outline" aria-label={t('staff.pager.next')} disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid={`${testId}-next`}>
          ›
        </IconButton>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (jump.trim()) onPage(Number(jump));
            setJump('');
          }}
        >
          <Flex align="center" gap="1">
            <Text fontSize="sm">{t('staff.pager.jump')}</Text>
            <Input size="sm" width="4rem" inputMode="numeric" value={jump} onChange={(e) => setJump(e.currentTarget.value.replace(/\D/g, ''))} aria-label={t('staff.pager.jump')} data-testid={`${testId}-jump`} bg="white" />
            <Button size="sm" variant="outline" type="submit">
              {t('staff.pager.go')}
            </Button>
          </Flex>
        </form>
      </Flex>
    </Flex>
  );
}

/** What a caller who is not staff sees (the server answered 403). */
export function StaffOnlyNote() {
  const t = useT();
  return (
    <Alert.Root status="warning" borderRadius="lg" data-testid="staff-only">
      <Alert.Indicator />
      <Box>
        <Alert.Title>{t('staff.staffOnly.title')}</Alert.Title>
        <Alert.Description>{t('staff.staffOnly.body')}</Alert.Description>
      </Box>
    </Alert.Root>
  );
}

/** Under a loaded table that has no rows: says so in the table's words. */
export function NoRows({ text }: { text: string }) {
  return (
    <Text color="gray.600" py="3" textAlign="center">
      {text}
    </Text>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert.Root status="error" borderRadius="lg" alignItems="center" data-testid="staff-load-failed">
      <Alert.Indicator />
      <Alert.Title flex="1">{message || t('staff.loadFailed')}</Alert.Title>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('staff.retry')}
      </Button>
    </Alert.Root>
  );
}

export function StaffCard({ title, intro, children, actions }: { title: string; intro?: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p={{ base: 3, md: 5 }}>
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap" mb="3">
        <Box>
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {intro && (
            <Text fontSize="sm" color="gray.600" mt="1">
              {intro}
            </Text>
          )}
        </Box>
        {actions}
      </Flex>
      {children}
    </Box>
  );
}
