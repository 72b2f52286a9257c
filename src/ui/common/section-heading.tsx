import { Heading, Stack, Text } from '@chakra-ui/react';

/** The title and one-line introduction that open a section of the portal. */
export function SectionHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <Stack gap="1">
      <Heading as="h1" fontSize={{ base: 'xl', md: '2xl' }} color="gray.900">
        {title}
      </Heading>
      <Text color="gray.600" fontSize={{ base: 'sm', md: 'md' }}>
        {intro}
      </Text>
    </Stack>
  );
}
