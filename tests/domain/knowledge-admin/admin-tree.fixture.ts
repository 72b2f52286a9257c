import type { AdminNode, Library } from '../../../src/domain/knowledge/library';

type Spec = { id: number; name: string; nameEn: string; lang?: 'zh' | 'en' | null; count?: number; children?: Spec[] };

function build(library: Library, spec: Spec, parentId: number | null, sort = 0): AdminNode {
  return {
    id: spec.id,
    library,
    parentId,
    name: spec.name,
    nameEn: spec.nameEn,
    lang: spec.lang ?? null,
    sort,
    articleCount: spec.count ?? 0,
    children: (spec.children ?? []).map((child, i) => build(library, child, spec.id, i)),
  };
}

/** The knowledge library: root, one top classification with its two branches, folders below them. */
export function knowledgeTree(): AdminNode[] {
  return [
    build('knowledge', {
      id: 1,
      name: 'root directory',
      nameEn: 'root directory',
      children: [
        {
          id: 2,
          name: '板材激光切割机',
          nameEn: 'Sheet laser cutters',
          children: [
            { id: 3, name: '中文', nameEn: '中文', lang: 'zh', children: [{ id: 5, name: '维护保养', nameEn: 'Maintenance', lang: 'zh', count: 2 }] },
            {
              id: 4,
              name: 'English',
              nameEn: 'English',
              lang: 'en',
              children: [{ id: 6, name: '维护', nameEn: 'Maintenance', lang: 'en', count: 1, children: [{ id: 7, name: '喷嘴', nameEn: 'Nozzles', lang: 'en', count: 3 }] }],
            },
          ],
        },
      ],
    }, null),
  ];
}

/** The download library: root, the two branches, one folder. */
export function downloadTree(): AdminNode[] {
  return [
    build('download', {
      id: 10,
      name: '根目录',
      nameEn: 'Root',
      children: [
        { id: 11, name: '中文', nameEn: '中文', lang: 'zh', children: [{ id: 13, name: '软件', nameEn: 'Software', lang: 'zh', count: 4 }] },
        { id: 12, name: 'English', nameEn: 'English', lang: 'en' },
      ],
    }, null),
  ];
}
