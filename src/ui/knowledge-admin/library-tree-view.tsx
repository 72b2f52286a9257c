import { Badge, Box, chakra, Flex, Text } from '@chakra-ui/react';
import { useT } from '../i18n/language-context';
import type { TreeRow } from './knowledge-admin.selectors';

function FolderIcon({ role, open }: { role: TreeRow['role']; open: boolean }) {
  if (role === 'root') {
    return (
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M4 19.5V5a2 2 0 012-2h14v16H6.5A2.5 2.5 0 004 21.5 2.5 2.5 0 016.5 19H20" strokeLinejoin="round" />
      </svg>
    );
  }
  if (role === 'branch') {
    return (
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3a14 14 0 010 18M12 3a14 14 0 000 18" />
      </svg>
    );
  }
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill={open ? 'currentColor' : 'none'} fillOpacity={open ? 0.15 : 0} stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M3 7a2 2 0 012-2h4l2 2h8a2 2 0 012 2v8a2 2 0 01-2 2H5a2 2 0 01-2-2z" strokeLinejoin="round" />
    </svg>
  );
}

export interface LibraryTreeViewProps {
  rows: TreeRow[];
  onSelect: (id: number) => void;
}

/** The library's classifications as an indented list: both names, the role and the article count; one is chosen. */
export function LibraryTreeView({ rows, onSelect }: LibraryTreeViewProps) {
  const t = useT();
  return (
    <chakra.ul listStyleType="none" m="0" p="0" data-testid="admin-tree">
      {rows.map((row) => (
        <chakra.li key={row.id}>
          <chakra.button
            type="button"
            onClick={() => onSelect(row.id)}
            aria-current={row.selected ? 'true' : undefined}
            display="flex"
            alignItems="center"
            gap="2"
            w="full"
            textAlign="start"
            ps={`${0.5 + Math.min(row.depth, 8) * 0.9}rem`}
            pe="2"
            py="1.5"
            borderRadius="md"
            bg={row.selected ? 'blue.50' : 'transparent'}
            color={row.selected ? 'blue.800' : 'gray.800'}
            fontWeight={row.role === 'folder' ? 'normal' : 'medium'}
            _hover={{ bg: row.selected ? 'blue.50' : 'gray.100' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '-2px' }}
            data-testid="admin-tree-row"
            data-node-id={row.id}
            data-role={row.role}
            data-name={row.name}
          >
            <Box color={row.role === 'branch' ? 'teal.600' : row.role === 'root' ? 'gray.600' : 'blue.500'} flexShrink={0}>
              <FolderIcon role={row.role} open={row.selected} />
            </Box>
            {/* Folder names are staff content, in both languages' branches; the root's name is ours. */}
            <Box flex="1" minW="0" data-lang-neutral={row.role === 'root' ? undefined : ''}>
              <Text truncate fontSize="sm">
                {row.name}
              </Text>
              {row.otherName && row.role !== 'branch' && (
                <Text truncate fontSize="xs" color="gray.500">
                  {row.otherName}
                </Text>
              )}
            </Box>
            {row.role !== 'root' && row.count > 0 && (
              <Badge
                size="sm"
                variant="subtle"
                colorPalette="gray"
                borderRadius="full"
                flexShrink={0}
                aria-label={t('knowledgeAdmin.tree.countLabel', { count: row.count })}
                data-testid="admin-tree-count"
              >
                {row.count}
              </Badge>
            )}
          </chakra.button>
        </chakra.li>
      ))}
    </chakra.ul>
  );
}

/** A short line under the tree title for roots, branches and folders. */
export function RoleBadge({ role }: { role: TreeRow['role'] }) {
  const t = useT();
  const palette = role === 'branch' ? 'teal' : role === 'top' ? 'purple' : role === 'root' ? 'gray' : 'blue';
  return (
    <Flex>
      <Badge colorPalette={palette} variant="subtle" borderRadius="full" px="2">
        {t(`knowledgeAdmin.role.${role}`)}
      </Badge>
    </Flex>
  );
}
