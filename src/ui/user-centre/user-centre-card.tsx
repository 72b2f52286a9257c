import { localDateTime, localDay } from '../common/local-time';
import { Box, Heading } from '@chakra-ui/react';
import { type ReactNode } from 'react';

/** A card of the user centre. */
export function Card({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    // minW 0: a grid item is otherwise as wide as its longest unbreakable line (a long e-mail), wider than a phone.
    <Box as="section" bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p={{ base: 4, md: 6 }} minW="0" data-testid={testId}>
      <Heading as="h2" size="md" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** A wire time's day in the browser's zone ('—' for none). */
export const day = (value: string) => localDay(value);
/** A wire time (ISO or +08:00) in the browser's zone, to the minute ('—' for none). */
export const dayTime = (value: string) => localDateTime(value);
