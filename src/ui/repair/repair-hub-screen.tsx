import { Box, SimpleGrid, Stack } from '@chakra-ui/react';
import { HubTileCard, type HubTileArt } from '../common/hub-tile';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { brand } from '../common/brand';
import { SectionHeading } from '../common/section-heading';
import { useT } from '../i18n/language-context';
import { paths } from '../shell/paths';

type Tile = 'chat' | 'click' | 'self' | 'summary' | 'maintain';

/** The five tiles of spec 3's repair page, in order, with where each leads (the chat is an external address). */
export const REPAIR_TILES: ReadonlyArray<{ key: Tile; to: string; external?: boolean }> = [
  { key: 'chat', to: brand.supportChatUrl, external: true },
  { key: 'click', to: paths.click() },
  { key: 'self', to: '/self' },
  { key: 'summary', to: paths.summary() },
  { key: 'maintain', to: '/maintain' },
];

const ART: Record<Tile, HubTileArt> = {
  chat: { bg: '#e0f2fe', fg: '#0369a1', path: 'M4 5h16v11H9l-5 4z M8 10h8 M8 13h5' },
  click: { bg: '#fee2e2', fg: '#b91c1c', path: 'M14 4l6 6-9 9H5v-6z M12 6l6 6' },
  self: { bg: '#ffedd5', fg: '#c2410c', path: 'M12 3l9 16H3z M12 10v4 M12 17v.5' },
  summary: { bg: '#dcfce7', fg: '#15803d', path: 'M4 20V10 M10 20V4 M16 20v-7 M22 20H2' },
  maintain: { bg: '#ede9fe', fg: '#6d28d9', path: 'M14 6a4 4 0 0 0-5 5l-6 6 3 3 6-6a4 4 0 0 0 5-5l-3 3-3-3z' },
};


function TileLink({ to, external, testId, children }: { to: string; external?: boolean; testId: string; children: ReactNode }) {
  const style = { display: 'block', height: '100%' } as const;
  return external ? (
    <a href={to} target="_blank" rel="noopener noreferrer" data-testid={testId} style={style}>
      {children}
    </a>
  ) : (
    <RouterLink to={to} data-testid={testId} style={style}>
      {children}
    </RouterLink>
  );
}

/** `/index/repair`: the repair hub (online chat, one-click repair, common faults, fault summary, maintenance). */
export function RepairSection() {
  const t = useT();
  return (
    <Stack gap={{ base: 4, md: 6 }} py={{ base: 1, md: 2 }} data-testid="repair-hub">
      <SectionHeading title={t('repair.hub.title')} intro={t('repair.hub.intro')} />
      <SimpleGrid as="ul" columns={{ base: 1, sm: 2, xl: 5 }} gap={{ base: 3, md: 5 }} m="0" p="0">
        {REPAIR_TILES.map(({ key, to, external }) => (
          <Box as="li" key={key} listStyleType="none">
            <TileLink to={to} external={external} testId={`repair-tile-${key}`}>
              <HubTileCard art={ART[key]} title={t(`repair.hub.${key}.title`)} body={t(`repair.hub.${key}.body`)} />
            </TileLink>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
