import { Box, SimpleGrid, Stack } from '@chakra-ui/react';
import { HubTileCard, type HubTileArt } from '../common/hub-tile';
import { Link as RouterLink } from 'react-router';
import { useT } from '../i18n/language-context';
import { SectionHeading } from '../common/section-heading';

type HubTile = 'random' | 'guide' | 'download' | 'faults';

/** The four tiles of spec 3's using-knowledge page, in order, with where each leads. */
export const USE_HUB_TILES: ReadonlyArray<{ key: HubTile; to: string }> = [
  { key: 'random', to: '/random' },
  { key: 'guide', to: '/guide' },
  { key: 'download', to: '/download2' },
  { key: 'faults', to: '/self' },
];

const ART: Record<HubTile, HubTileArt> = {
  random: { bg: '#e0f2fe', fg: '#0369a1', path: 'M7 3h7l5 5v13H7z M14 3v5h5 M10 13h6 M10 17h6' },
  guide: { bg: '#dcfce7', fg: '#15803d', path: 'M4 5a2 2 0 0 1 2-2h5v17H6a2 2 0 0 0-2 1z M20 5a2 2 0 0 0-2-2h-5v17h5a2 2 0 0 1 2 1z' },
  download: { bg: '#ede9fe', fg: '#6d28d9', path: 'M12 4v11 M7 10l5 5 5-5 M5 20h14' },
  faults: { bg: '#ffedd5', fg: '#c2410c', path: 'M12 3l9 16H3z M12 10v4 M12 17v.5' },
};


/** `/index/use`: the using-knowledge hub (random files, guide, download centre, common faults). */
export function UseSection() {
  const t = useT();
  return (
    <Stack gap={{ base: 4, md: 6 }} py={{ base: 1, md: 2 }} data-testid="use-hub">
      <SectionHeading title={t('knowledge.use.title')} intro={t('knowledge.use.intro')} />
      <SimpleGrid as="ul" columns={{ base: 1, sm: 2, xl: 4 }} gap={{ base: 3, md: 5 }} m="0" p="0">
        {USE_HUB_TILES.map(({ key, to }) => (
          <Box as="li" key={key} listStyleType="none">
            <RouterLink to={to} data-testid={`use-tile-${key}`} style={{ display: 'block', height: '100%' }}>
              <HubTileCard art={ART[key]} title={t(`knowledge.use.${key}.title`)} body={t(`knowledge.use.${key}.body`)} />
            </RouterLink>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
