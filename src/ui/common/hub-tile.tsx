import { Box, Stack, Text } from '@chakra-ui/react';

/** A tile's picture: one stroked path in a tinted square. */
export interface HubTileArt {
  bg: string;
  fg: string;
  path: string;
}

/**
 * The card of a hub's tile (the "use" hub, the repair hub): its picture, title and one line on
 * what is behind it; a row on phones, a column from `sm` up. The link around it is the hub's.
 */
export function HubTileCard({ art, title, body }: { art: HubTileArt; title: string; body: string }) {
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
      <Box w="14" h="14" borderRadius="xl" display="flex" alignItems="center" justifyContent="center" flexShrink={0} style={{ background: art.bg }}>
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke={art.fg} strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d={art.path} />
        </svg>
      </Box>
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
