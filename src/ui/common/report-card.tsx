import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ReportCardProps {
  title: string;
  hint?: ReactNode;
  /** Buttons at the top right (export, download). */
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** Extra attributes for tests and the e2e run (data-status, ...). */
  data?: Record<`data-${string}`, string | number | boolean | undefined>;
}

/** A white card with a title row: the frame of each table, chart and list of the task page. */
export function ReportCard({ title, hint, actions, children, testId, data }: ReportCardProps) {
  return (
    <Box
      as="section"
      bg="white"
      borderRadius="2xl"
      borderWidth="1px"
      borderColor="gray.200"
      boxShadow="xs"
      p={{ base: 4, md: 5 }}
      minW="0"
      data-testid={testId}
      {...data}
    >
      <Flex align="flex-start" justify="space-between" gap="3" mb="4" wrap="wrap">
        <Stack gap="0.5" minW="0" flex="1 1 8rem">
          <Heading as="h2" fontSize={{ base: 'md', md: 'lg' }} color="gray.900">
            {title}
          </Heading>
          {hint && (
            <Text fontSize="sm" color="gray.600">
              {hint}
            </Text>
          )}
        </Stack>
        {actions && (
          <Flex gap="2" flexShrink={0} wrap="wrap">
            {actions}
          </Flex>
        )}
      </Flex>
      {children}
    </Box>
  );
}

export function DownloadIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </svg>
  );
}

export function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={direction === 'left' ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} />
    </svg>
  );
}

/** A calm empty state inside a card: an outline icon, a title and a line of text. */
export function EmptyNote({ title, body, testId }: { title?: string; body: string; testId?: string }) {
  return (
    <Flex direction="column" align="center" justify="center" textAlign="center" gap="2" py="8" px="4" color="gray.600" data-testid={testId}>
      <svg width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="#94a3b8" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <rect x="4" y="3" width="16" height="18" rx="2" />
        <path d="M8 8h8M8 12h8M8 16h5" />
      </svg>
      {title && (
        <Text fontWeight="semibold" color="gray.800">
          {title}
        </Text>
      )}
      <Text fontSize="sm" maxW="sm">
        {body}
      </Text>
    </Flex>
  );
}
