import { Box, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A section of a page as a white card with its heading (the user centre's cards, the notification settings). */
export function SectionCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
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
