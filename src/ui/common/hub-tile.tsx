import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The card of a hub's tile (the "use" hub, the repair hub): its picture, title and one line on
 * what is behind it; a row on phones, a column from `sm` up. The link around it is the hub's.
 */
export function HubTileCard({ art, title, body }: { art: ReactNode; title: string; body: string }) {
  return (
    <Stack
      h="full"
      gap="3"
      bg="white"
      borderRadius="2xl"
      borderWidth="1px"
      borderColor="gray.200"
      boxShadow="xs"
      p={{ base: 4, md: 6 }}
      transition="box-shadow 0.2s, transform 0.2s, border-color 0.2s"
      _hover={{ boxShadow: 'md', transform: 'translateY(-2px)', borderColor: 'blue.200' }}
      direction={{ base: 'row', sm: 'column' }}
      align={{ base: 'center', sm: 'flex-start' }}
    >
      {art}
      <Stack gap="1" minW="0">
        <Text fontWeight="semibold" fontSize="lg" color="gray.900">
          {title}
        </Text>
        <Text fontSize="sm" color="gray.600" lineHeight="tall">
          {body}
        </Text>
      </Stack>
    </Stack>
  );
}
