// Pieces the content pages share (the libraries, the random files): icons, a card, an empty state, loading rows.
import { Box, type BoxProps, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

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

/** A white rounded card. */
export function Card({ children, testId, ...rest }: BoxProps & { testId?: string }) {
  return (
    <Box bg="white" borderRadius="2xl" borderWidth="1px" borderColor="gray.200" boxShadow="xs" p={{ base: 3, md: 5 }} minW="0" data-testid={testId} {...rest}>
      {children}
    </Box>
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
