import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ancestorIds,
  findNode,
  languageBranch,
  matchingNodes,
  pathTo,
  shownTree,
  stripWhitespace,
  topClassifications,
} from '../../../src/domain/knowledge/library-tree';
import { downloadTree, knowledgeTree } from './knowledge-fixtures';

describe('library tree helpers', () => {
  it('finds nodes and the path to them', () => {
    const roots = knowledgeTree();
    expect(findNode(roots, 13)?.name).toBe('喷嘴');
    expect(findNode(roots, 999)).toBeNull();
    expect(pathTo(roots, 13).map((n) => n.id)).toEqual([1, 10, 11, 12, 13]);
    expect(pathTo(roots, 999)).toEqual([]);
    expect(topClassifications(roots).map((n) => n.id)).toEqual([10, 20]);
    expect(languageBranch(findNode(roots, 10), 'en')?.id).toBe(14);
  });

  it('shows the branch of the page language below the knowledge classification, whatever node the page names', () => {
    const roots = knowledgeTree();
    expect(shownTree('knowledge', roots, 'zh', 10)).toMatchObject({ branch: { id: 11 }, top: { id: 10 }, selected: 11 });
    expect(shownTree('knowledge', roots, 'en', 10)).toMatchObject({ branch: { id: 14 }, top: { id: 10 }, selected: 14 });
    // A folder inside the branch is selected; one of the other language is not.
    expect(shownTree('knowledge', roots, 'zh', 13)).toMatchObject({ branch: { id: 11 }, selected: 13 });
    expect(shownTree('knowledge', roots, 'en', 13)).toMatchObject({ branch: { id: 14 }, selected: 14 });
    // The root and unknown ids name no classification.
    expect(shownTree('knowledge', roots, 'zh', 1).branch).toBeNull();
    expect(shownTree('knowledge', roots, 'zh', 999).branch).toBeNull();
    expect(shownTree('knowledge', roots, 'zh', null).branch).toBeNull();
  });

  it('shows the language branch below the root for the other libraries', () => {
    expect(shownTree('download', downloadTree(), 'zh', null)).toMatchObject({ branch: { id: 101 }, top: null, selected: 101 });
    expect(shownTree('download', downloadTree(), 'en', 104)).toMatchObject({ branch: { id: 103 }, selected: 104 });
    expect(shownTree('guide', [], 'en', null).branch).toBeNull();
  });

  it('matches names ignoring case and whitespace, and opens their folders', () => {
    const branch = findNode(knowledgeTree(), 14)!;
    expect(matchingNodes(branch, ' nozzle  CARE')).toEqual([17]);
    expect(matchingNodes(branch, '   ')).toEqual([]);
    expect(ancestorIds(branch, [17])).toEqual([14, 15]);
    expect(stripWhitespace(' 喷 嘴\t检查\n')).toBe('喷嘴检查');
  });

  it('property: the path to any node ends at it, and its ancestors are the path before it', () => {
    const ids = [1, 10, 11, 12, 13, 14, 15, 16, 17, 20, 21, 22];
    fc.assert(
      fc.property(fc.constantFrom(...ids), (id) => {
        const roots = knowledgeTree();
        const path = pathTo(roots, id);
        expect(path.at(-1)?.id).toBe(id);
        for (let i = 1; i < path.length; i++) expect(path[i]!.parentId).toBe(path[i - 1]!.id);
        expect(ancestorIds(roots[0]!, [id])).toEqual(path.slice(0, -1).map((n) => n.id));
      }),
    );
  });

  it('property: stripped text has no whitespace and keeps every other character in order', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const stripped = stripWhitespace(text);
        expect(/\s/u.test(stripped)).toBe(false);
        expect(stripped).toBe([...text].filter((c) => !/\s/u.test(c)).join(''));
      }),
    );
  });
});
