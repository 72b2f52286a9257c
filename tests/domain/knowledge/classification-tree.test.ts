import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTree, descendantIds, isWithin, pathTo, type FlatNode } from '../../../src/domain/knowledge/classification-tree';

/** A random forest: each node's parent is an earlier node or none. */
const forest = fc.array(fc.nat({ max: 40 }), { minLength: 1, maxLength: 40 }).map((parents) =>
  parents.map((p, i): FlatNode => ({ id: i + 1, parentId: i === 0 || p % (i + 1) === 0 ? null : (p % i) + 1, lang: null, sort: p })),
);

const count = (nodes: Array<{ children: unknown[] }>): number => nodes.reduce((n, c) => n + 1 + count(c.children as never), 0);

describe('classification trees', () => {
  it('place every node exactly once, below its parent', () => {
    fc.assert(
      fc.property(forest, (nodes) => {
        const tree = buildTree(nodes, (n, children: Array<{ id: number; children: unknown[] }>) => ({ id: n.id, children }));
        expect(count(tree)).toBe(nodes.length);
      }),
    );
  });

  it('know what lies below a node, so a move below itself is refused', () => {
    fc.assert(
      fc.property(forest, fc.nat(), (nodes, pick) => {
        const node = nodes[pick % nodes.length]!;
        const below = descendantIds(nodes, node.id);
        expect(below[0]).toBe(node.id);
        for (const id of below) {
          expect(isWithin(nodes, node.id, id)).toBe(true);
          expect(pathTo(nodes, id).map((n) => n.id)).toContain(node.id);
        }
      }),
    );
  });

  it('survives a cycle in stored data', () => {
    const cyclic: FlatNode[] = [
      { id: 1, parentId: null, lang: null, sort: 0 },
      { id: 2, parentId: 3, lang: null, sort: 0 },
      { id: 3, parentId: 2, lang: null, sort: 0 },
    ];
    expect(descendantIds(cyclic, 2).sort()).toEqual([2, 3]);
    expect(pathTo(cyclic, 2).length).toBeLessThanOrEqual(2);
  });
});
