import type { AdminNode, ContentLanguage, Library } from '../knowledge/library';

/**
 * What a classification is in its library (ADR 0007): the root, a top classification of the
 * knowledge library (a book tile, lang null), a language branch (中文 / English) or a folder.
 */
export type NodeRole = 'root' | 'top' | 'branch' | 'folder';

/** One node of the tree with where it sits, for lists and pickers. */
export interface PlacedNode {
  node: AdminNode;
  role: NodeRole;
  depth: number;
  /** Names from the root's child down to this node (the root itself left out). */
  path: AdminNode[];
}

/** Every node of the tree, parents before children, in the server's order (sort, then as sent). */
export function placeNodes(roots: readonly AdminNode[]): PlacedNode[] {
  const out: PlacedNode[] = [];
  const walk = (node: AdminNode, depth: number, parent: PlacedNode | null) => {
    const role = roleOf(node, parent?.node ?? null);
    const placed: PlacedNode = { node, role, depth, path: parent ? (parent.role === 'root' ? [node] : [...parent.path, node]) : [] };
    out.push(placed);
    const children = [...node.children].sort((a, b) => a.sort - b.sort);
    for (const child of children) walk(child, depth + 1, placed);
  };
  for (const root of roots) walk(root, 0, null);
  return out;
}

/** The role of a node given its parent (null for the root); the server applies the same rule. */
export function roleOf(node: Pick<AdminNode, 'parentId' | 'lang'>, parent: Pick<AdminNode, 'lang'> | null | undefined): NodeRole {
  if (node.parentId === null || !parent) return 'root';
  if (node.lang === null) return 'top';
  return parent.lang === null ? 'branch' : 'folder';
}

/** The node with this id, or null. */
export function findNode(roots: readonly AdminNode[], id: number | null | undefined): AdminNode | null {
  if (id === null || id === undefined) return null;
  for (const root of roots) {
    if (root.id === id) return root;
    const found = findNode(root.children, id);
    if (found) return found;
  }
  return null;
}

/** The placed node with this id, or null. */
export function findPlaced(placed: readonly PlacedNode[], id: number | null | undefined): PlacedNode | null {
  return placed.find((p) => p.node.id === id) ?? null;
}

/** Ids of a node and everything below it. */
export function subtreeIds(node: AdminNode): Set<number> {
  const ids = new Set<number>([node.id]);
  for (const child of node.children) for (const id of subtreeIds(child)) ids.add(id);
  return ids;
}

/** A name in the page's language, the other one when it is empty. */
export function nodeName(node: Pick<AdminNode, 'name' | 'nameEn'>, language: ContentLanguage): string {
  return (language === 'en' ? node.nameEn || node.name : node.name || node.nameEn) ?? '';
}

/** What staff may do with a node (the server refuses the rest; the page hides it). */
export interface NodeActions {
  addChild: boolean;
  rename: boolean;
  move: boolean;
  delete: boolean;
  /** Articles may be written here (a folder below a language branch). */
  holdsArticles: boolean;
}

/**
 * The root holds top classifications in the knowledge library and only the branches elsewhere;
 * the root and the branches stay where they are and keep their names; top classifications keep
 * their place below the root.
 */
export function actionsFor(library: Library, role: NodeRole): NodeActions {
  switch (role) {
    case 'root':
      return { addChild: library === 'knowledge', rename: false, move: false, delete: false, holdsArticles: false };
    case 'top':
      return { addChild: false, rename: true, move: false, delete: true, holdsArticles: false };
    case 'branch':
      return { addChild: true, rename: false, move: false, delete: false, holdsArticles: true };
    case 'folder':
      return { addChild: true, rename: true, move: true, delete: true, holdsArticles: true };
  }
}

/**
 * Where a folder may be moved: a branch or folder of the same library that is neither the folder
 * itself, nor below it, nor its present parent.
 */
export function moveTargets(placed: readonly PlacedNode[], node: AdminNode): PlacedNode[] {
  const own = subtreeIds(node);
  return placed.filter((p) => (p.role === 'branch' || p.role === 'folder') && !own.has(p.node.id) && p.node.id !== node.parentId);
}

/** Where an article of this language may live: that language's branches and the folders below them. */
export function articleFolders(placed: readonly PlacedNode[], language: ContentLanguage): PlacedNode[] {
  return placed.filter((p) => (p.role === 'folder' || p.role === 'branch') && p.node.lang === language);
}

/** The first root of a tree answer, or null. */
export function rootOf(roots: readonly AdminNode[]): AdminNode | null {
  return roots[0] ?? null;
}
