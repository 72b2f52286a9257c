import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBodyEmpty, validateDraft, draftToSave, type ArticleDraft } from '../../../src/domain/knowledge-admin/article-draft';
import { actionsFor, articleFolders, findNode, moveTargets, nodeName, placeNodes, subtreeIds } from '../../../src/domain/knowledge-admin/library-tree';
import { validateNodeNames } from '../../../src/domain/knowledge-admin/node-names';
import { downloadTree, knowledgeTree } from './admin-tree.fixture';

describe('library tree', () => {
  it('places every node with its role, depth and path', () => {
    const placed = placeNodes(knowledgeTree());
    expect(placed.map((p) => [p.node.id, p.role, p.depth])).toEqual([
      [1, 'root', 0],
      [2, 'top', 1],
      [3, 'branch', 2],
      [5, 'folder', 3],
      [4, 'branch', 2],
      [6, 'folder', 3],
      [7, 'folder', 4],
    ]);
    expect(placed.find((p) => p.node.id === 7)!.path.map((n) => n.id)).toEqual([2, 4, 6, 7]);
    expect(placeNodes(downloadTree()).map((p) => p.role)).toEqual(['root', 'branch', 'folder', 'branch']);
  });

  it('allows top classifications only below the knowledge root, and keeps the root and branches in place', () => {
    expect(actionsFor('knowledge', 'root')).toMatchObject({ addChild: true, rename: false, move: false, delete: false });
    expect(actionsFor('download', 'root')).toMatchObject({ addChild: false });
    expect(actionsFor('knowledge', 'branch')).toEqual({ addChild: true, rename: false, move: false, delete: false, holdsArticles: true });
    expect(actionsFor('knowledge', 'top')).toMatchObject({ addChild: false, rename: true, move: false, delete: true, holdsArticles: false });
    expect(actionsFor('guide', 'folder')).toEqual({ addChild: true, rename: true, move: true, delete: true, holdsArticles: true });
  });

  it('never offers to move a folder below itself, below its children, or where it is', () => {
    const placed = placeNodes(knowledgeTree());
    const six = findNode(knowledgeTree(), 6)!;
    expect(moveTargets(placed, six).map((p) => p.node.id)).toEqual([3, 5]);
    const five = findNode(knowledgeTree(), 5)!;
    expect(moveTargets(placed, five).map((p) => p.node.id)).toEqual([4, 6, 7]);
  });

  it('property: move targets are branches or folders outside the subtree and not the parent', () => {
    const tree = knowledgeTree();
    const placed = placeNodes(tree);
    const folders = placed.filter((p) => p.role === 'folder');
    fc.assert(
      fc.property(fc.constantFrom(...folders), (folder) => {
        const own = subtreeIds(folder.node);
        for (const target of moveTargets(placed, folder.node)) {
          expect(own.has(target.node.id)).toBe(false);
          expect(target.node.id).not.toBe(folder.node.parentId);
          expect(['branch', 'folder']).toContain(target.role);
        }
      }),
    );
  });

  it('offers the branch and the folders of one language for articles', () => {
    const placed = placeNodes(knowledgeTree());
    expect(articleFolders(placed, 'en').map((p) => p.node.id)).toEqual([4, 6, 7]);
    expect(articleFolders(placed, 'zh').map((p) => p.node.id)).toEqual([3, 5]);
  });

  it('names a node in the page language, falling back to the other name', () => {
    expect(nodeName({ name: '喷嘴', nameEn: 'Nozzles' }, 'en')).toBe('Nozzles');
    expect(nodeName({ name: '喷嘴', nameEn: '' }, 'en')).toBe('喷嘴');
    expect(nodeName({ name: '', nameEn: 'Nozzles' }, 'zh')).toBe('Nozzles');
  });
});

describe('folder names', () => {
  it('needs both names, 1 to 100 characters once trimmed', () => {
    expect(validateNodeNames({ name: ' ', nameEn: 'x' })).toEqual({ name: 'knowledgeAdmin.folder.error.required', nameEn: null });
    expect(validateNodeNames({ name: '维护', nameEn: 'x'.repeat(101) })).toEqual({ name: null, nameEn: 'knowledgeAdmin.folder.error.tooLong' });
    expect(validateNodeNames({ name: '维护', nameEn: 'Maintenance' })).toEqual({ name: null, nameEn: null });
  });
});

const DRAFT: ArticleDraft = { title: 'Nozzle care', label: 'nozzle', series: 'G', language: 'en', nodeId: 6, html: '<p>Clean it.</p>' };

describe('article draft', () => {
  it('reads an empty editor as an empty body', () => {
    for (const empty of ['', '<p><br></p>', '<p>&nbsp;</p>', '<h2> </h2><ul><li><br></li></ul>', '<p>\u200b</p>']) expect(isBodyEmpty(empty), empty).toBe(true);
    for (const full of ['<p>x</p>', '<p><img src="/a.png" alt=""></p>', '<p>&amp;</p>', '喷嘴']) expect(isBodyEmpty(full), full).toBe(false);
  });

  it('asks for a title (1..200), a folder and a body', () => {
    expect(validateDraft(DRAFT)).toEqual({});
    expect(validateDraft({ ...DRAFT, title: '  ', nodeId: null, html: '<p><br></p>' })).toEqual({
      title: 'knowledgeAdmin.article.error.titleRequired',
      nodeId: 'knowledgeAdmin.article.error.folderRequired',
      html: 'knowledgeAdmin.article.error.bodyRequired',
    });
    expect(validateDraft({ ...DRAFT, title: 'x'.repeat(201) }).title).toBe('knowledgeAdmin.article.error.titleTooLong');
    expect(validateDraft({ ...DRAFT, title: 'x'.repeat(200) }).title).toBeUndefined();
    expect(validateDraft({ ...DRAFT, series: 'x'.repeat(51) }).series).toBe('knowledgeAdmin.article.error.seriesTooLong');
  });

  it('sends trimmed text and a label without spaces', () => {
    expect(draftToSave({ ...DRAFT, title: ' Nozzle care ', label: ' noz zle ' }, 9)).toEqual({
      Id: 9,
      NodeId: 6,
      Title: 'Nozzle care',
      Lable: 'nozzle',
      Series: 'G',
      Language: 'en',
      HtmlContent: '<p>Clean it.</p>',
    });
    expect(draftToSave(DRAFT, null)).not.toHaveProperty('Id');
  });

  it('property: a body with visible text is never empty, one of tags and spaces always is', () => {
    const tag = fc.constantFrom('<p>', '</p>', '<br>', '<h2>', '</h2>', '<li>', '<b>', '</b>', ' ', '&nbsp;', '\n');
    fc.assert(fc.property(fc.array(tag, { maxLength: 12 }), (parts) => isBodyEmpty(parts.join('')) === true));
    fc.assert(
      fc.property(fc.array(tag, { maxLength: 6 }), fc.stringMatching(/^[a-z喷嘴0-9]{1,8}$/), (parts, text) =>
        isBodyEmpty(`${parts.join('')}${text}${parts.join('')}`) === false,
      ),
    );
  });
});
