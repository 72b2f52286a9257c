import type { ContentLanguage } from './library';

/** What the tree functions need of a classification. */
export interface FlatNode {
  id: number;
  parentId: number | null;
  lang: ContentLanguage | null;
  sort: number;
}

/** The nodes as a tree below each root (parentId null), children in sort then id order. */
export function buildTree<N extends FlatNode, T>(nodes: readonly N[], shape: (node: N, children: T[]) => T): T[] {
  const byParent = new Map<number | null, N[]>();
  for (const n of nodes) {
    const siblings = byParent.get(n.parentId) ?? [];
    siblings.push(n);
    byParent.set(n.parentId, siblings);
  }
  for (const siblings of byParent.values()) siblings.sort((a, b) => a.sort - b.sort || a.id - b.id);
  const seen = new Set<number>();
  const grow = (n: N): T => {
    seen.add(n.id);
    // A cycle in stored data must not recurse forever: a node already placed is not placed again.
    const children = (byParent.get(n.id) ?? []).filter((c) => !seen.has(c.id)).map(grow);
    return shape(n, children);
  };
  return (byParent.get(null) ?? []).map(grow);
}

/** The node and every node below it. */
export function descendantIds(nodes: readonly FlatNode[], id: number): number[] {
  const children = new Map<number, number[]>();
  for (const n of nodes) if (n.parentId !== null) children.set(n.parentId, [...(children.get(n.parentId) ?? []), n.id]);
  const out: number[] = [];
  const seen = new Set<number>();
  const stack = [id];
  while (stack.length) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    out.push(next);
    stack.push(...(children.get(next) ?? []));
  }
  return out;
}

/** True when `candidate` is `id` or lies below it (moving `id` there would make a cycle). */
export function isWithin(nodes: readonly FlatNode[], id: number, candidate: number): boolean {
  return descendantIds(nodes, id).includes(candidate);
}

/** The path from the root down to the node (root first); empty for an unknown id. */
export function pathTo<N extends FlatNode>(nodes: readonly N[], id: number): N[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const path: N[] = [];
  let current = byId.get(id);
  while (current && !path.includes(current)) {
    path.unshift(current);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return path;
}
