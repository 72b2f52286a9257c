import type { ArticleRow, ContentLanguage, TreeNode } from '../../../src/domain/knowledge/library';

const node = (id: number, name: string, parentId: number | null, lang: ContentLanguage | null, children: TreeNode[] = []): TreeNode => ({
  id,
  name,
  parentId,
  lang,
  children,
});

/** The anonymous knowledge tree: two top classifications, each with its 中文 and English branches. */
export function knowledgeTree(lang: ContentLanguage = 'zh'): TreeNode[] {
  const en = lang === 'en';
  return [
    node(1, 'root directory', null, null, [
      node(10, en ? 'Sheet laser cutting machines' : '板材激光切割机', 1, null, [
        node(11, '中文', 10, 'zh', [node(12, '维护保养', 11, 'zh', [node(13, '喷嘴', 12, 'zh')]), node(16, '故障排除', 11, 'zh')]),
        node(14, 'English', 10, 'en', [node(15, 'Maintenance', 14, 'en', [node(17, 'Nozzle care', 15, 'en')])]),
      ]),
      node(20, en ? 'Tube laser cutting machines' : '激光切管机', 1, null, [node(21, '中文', 20, 'zh'), node(22, 'English', 20, 'en')]),
    ]),
  ];
}

/** A download tree: root 根目录 with the two language branches and a folder in each. */
export function downloadTree(): TreeNode[] {
  return [
    node(100, '根目录', null, null, [
      node(101, '中文', 100, 'zh', [node(102, '套料软件', 101, 'zh')]),
      node(103, 'English', 100, 'en', [node(104, 'Nesting software', 103, 'en')]),
    ]),
  ];
}

/** An article row in folder `nodeId`. */
export function row(id: number, nodeId: number, extra: Partial<ArticleRow> = {}): ArticleRow {
  return {
    Id: id,
    NodeId: nodeId,
    Title: `Article ${id}`,
    Lable: 'nozzle',
    Series: 'G',
    Language: 'zh',
    CreateTime: '2026-03-02T08:00:00.000Z',
    ViewCount: 3,
    ...extra,
  };
}
