import { Box, chakra, Flex } from '@chakra-ui/react';
import type { TreeNode } from '../../domain/knowledge/library';

export interface LibraryTreeViewProps {
  /** The shown branch; its own row is labelled `rootLabel` (it lists every article of the page). */
  root: TreeNode;
  rootLabel: string;
  expanded: readonly number[];
  selected: number | null;
  /** Nodes the label search points at (highlighted). */
  matches: readonly number[];
  onSelect: (id: number) => void;
  onToggle: (id: number) => void;
  /** The tree's accessible name. */
  label: string;
  /** The chevron's accessible name for a folder. */
  toggleLabel: (name: string, open: boolean) => string;
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" aria-hidden="true" style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 0.15s' }}>
      <path d="M9 6l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function FolderIcon({ open }: { open: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" style={{ flexShrink: 0 }}>
      {open ? (
        <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v1H7.5a2 2 0 0 0-1.9 1.4L3 19z M5.6 11.4A2 2 0 0 1 7.5 10H22l-2.6 8.6A2 2 0 0 1 17.5 20H3z" fill="#60a5fa" />
      ) : (
        <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" fill="#93c5fd" />
      )}
    </svg>
  );
}

const RowButton = chakra('button', {
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: '1.5',
    flex: '1',
    minW: '0',
    textAlign: 'start',
    px: '1.5',
    py: '1',
    borderRadius: 'md',
    fontSize: 'sm',
    cursor: 'pointer',
    _hover: { bg: 'blue.50' },
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.400', outlineOffset: '1px' },
  },
});

interface ItemProps extends Omit<LibraryTreeViewProps, 'root' | 'label'> {
  node: TreeNode;
  depth: number;
  name: string;
}

function TreeItem({ node, depth, name, rootLabel, expanded, selected, matches, onSelect, onToggle, toggleLabel }: ItemProps) {
  const children = node.children ?? [];
  const open = expanded.includes(node.id);
  const isSelected = selected === node.id;
  const isMatch = matches.includes(node.id);
  return (
    <Box as="li" role="treeitem" aria-expanded={children.length ? open : undefined} aria-selected={isSelected} listStyleType="none">
      <Flex align="center" gap="0.5" ps={`${depth * 14}px`}>
        {children.length ? (
          <chakra.button
            type="button"
            onClick={() => onToggle(node.id)}
            aria-label={toggleLabel(name, open)}
            tabIndex={-1}
            w="6"
            h="6"
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            borderRadius="md"
            color="gray.500"
            cursor="pointer"
            _hover={{ bg: 'gray.100' }}
            flexShrink={0}
            data-testid={`tree-toggle-${node.id}`}
          >
            <Chevron open={open} />
          </chakra.button>
        ) : (
          <Box w="6" flexShrink={0} />
        )}
        <RowButton
          type="button"
          onClick={() => onSelect(node.id)}
          bg={isSelected ? 'blue.100' : undefined}
          color={isSelected ? 'blue.900' : 'gray.800'}
          fontWeight={isSelected ? 'semibold' : 'normal'}
          data-testid={`tree-node-${node.id}`}
          data-selected={isSelected || undefined}
          data-match={isMatch || undefined}
          title={name}
        >
          <FolderIcon open={open && children.length > 0} />
          <Box as="span" truncate bg={isMatch ? 'yellow.100' : undefined} px={isMatch ? '1' : undefined} borderRadius="sm">
            {name}
          </Box>
        </RowButton>
      </Flex>
      {children.length > 0 && open && (
        <Box as="ul" role="group" m="0" p="0">
          {children.map((child) => (
            <TreeItem
              key={child.id}
              node={child}
              depth={depth + 1}
              name={child.name}
              rootLabel={rootLabel}
              expanded={expanded}
              selected={selected}
              matches={matches}
              onSelect={onSelect}
              onToggle={onToggle}
              toggleLabel={toggleLabel}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** A library's folder tree: click a name to list its articles, the chevron to open or close it. */
export function LibraryTreeView({ root, label, ...rest }: LibraryTreeViewProps) {
  return (
    <Box as="ul" role="tree" aria-label={label} m="0" p="0" data-testid="library-tree">
      <TreeItem node={root} depth={0} name={rest.rootLabel} {...rest} />
    </Box>
  );
}
