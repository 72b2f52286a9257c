import type { ContentLanguage, Library, TreeNode } from './library';

/** The label as the label search sends it: spec 3 removes every whitespace character. */
export const stripWhitespace = (text: string): string => text.replace(/\s+/gu, '');

/** The node with `id` anywhere below (or among) `roots`, or null. */
export function findNode(roots: readonly TreeNode[], id: number): TreeNode | null {
  for (const node of roots) {
    if (node.id === id) return node;
    const found = findNode(node.children ?? [], id);
    if (found) return found;
  }
  return null;
}

/** The nodes from a root down to the node with `id` (both included); empty when it is not there. */
export function pathTo(roots: readonly TreeNode[], id: number): TreeNode[] {
  for (const node of roots) {
    if (node.id === id) return [node];
    const below = pathTo(node.children ?? [], id);
    if (below.length) return [node, ...below];
  }
  return [];
}

/** The language branch (中文 / English) directly below `node` for `lang`, or null. */
export function languageBranch(node: TreeNode | null | undefined, lang: ContentLanguage): TreeNode | null {
  return node?.children?.find((child) => child.lang === lang) ?? null;
}

/** The top classifications of the knowledge tree (the book tiles): the children of its root. */
export function topClassifications(roots: readonly TreeNode[]): TreeNode[] {
  return roots[0]?.children ?? [];
}

/** What a library page shows of its tree. */
export interface ShownTree {
  /** The language branch shown (its folders are the tree); null when the tree has none for the language. */
  branch: TreeNode | null;
  /** The knowledge top classification the branch belongs to (the page's title); null for the other libraries. */
  top: TreeNode | null;
  /** The node selected at first: the focus when it lies in the branch, else the branch. */
  selected: number | null;
}

/**
 * The part of a library's tree a page shows (spec 2 folder page, ADR 0007): the branch whose
 * `lang` is the page language. In the knowledge library that branch sits below the top
 * classification the page is about (`focus` is that classification or any node below it); in the
 * others, below the root. A focus inside the branch is selected; one outside it is ignored.
 */
export function shownTree(library: Library, roots: readonly TreeNode[], lang: ContentLanguage, focus: number | null): ShownTree {
  const root = roots[0] ?? null;
  let top: TreeNode | null = null;
  if (library === 'knowledge') {
    const path = focus === null ? [] : pathTo(roots, focus);
    top = path[1] ?? null;
    if (!top) return { branch: null, top: null, selected: null };
  }
  const branch = languageBranch(top ?? root, lang);
  if (!branch) return { branch: null, top, selected: null };
  const selected = focus !== null && findNode([branch], focus) ? focus : branch.id;
  return { branch, top, selected };
}

/** Ids of the nodes of `root` whose name holds `text` (case and whitespace ignored); none for an empty text. */
export function matchingNodes(root: TreeNode | null, text: string): number[] {
  const wanted = stripWhitespace(text).toLowerCase();
  if (!root || !wanted) return [];
  const ids: number[] = [];
  const visit = (node: TreeNode) => {
    if (stripWhitespace(node.name).toLowerCase().includes(wanted)) ids.push(node.id);
    for (const child of node.children ?? []) visit(child);
  };
  visit(root);
  return ids;
}

/** Ids of the folders that hold the given nodes (their ancestors inside `root`, not the nodes themselves). */
export function ancestorIds(root: TreeNode | null, ids: readonly number[]): number[] {
  if (!root) return [];
  const out = new Set<number>();
  for (const id of ids) {
    const path = pathTo([root], id);
    for (const node of path.slice(0, -1)) out.add(node.id);
  }
  return [...out];
}

/** Every id in the tree below (and including) `root`. */
export function allIds(root: TreeNode | null): number[] {
  if (!root) return [];
  return [root.id, ...(root.children ?? []).flatMap((child) => allIds(child))];
}
