import { named, type AreaPage, type PageNeeds } from '../shell/page-route';

const loadLibraryPages = () => import('./library-pages');
const loadArticles = () => import('./article-screen');
const LIBRARY: PageNeeds = { services: ['knowledge'], messages: ['knowledge', 'software'] };

/** The knowledge libraries' pages: folders, articles and the library lists. */
export const KNOWLEDGE_PAGES: readonly AreaPage[] = [
  { path: 'folder/:id', id: 'folder', route: named(loadLibraryPages, (m) => m.FolderPage, LIBRARY), title: { zh: '知识目录', en: 'Knowledge folder' } },
  // The articles set their own titles.
  { path: 'article/:id/:parentId', id: 'article', route: named(loadArticles, (m) => m.KnowledgeArticlePage, LIBRARY), title: null },
  { path: 'guideArticle/:id/:parentId', id: 'guideArticle', route: named(loadArticles, (m) => m.GuideArticlePage, LIBRARY), title: null },
  { path: 'selfArticle/:id/:parentId', id: 'selfArticle', route: named(loadArticles, (m) => m.SelfArticlePage, LIBRARY), title: null },
  { path: 'softwareDown/:id/:parentId/:isVisitor', id: 'softwareDown', route: named(loadArticles, (m) => m.SoftwareDownArticlePage, LIBRARY), title: null },
  { path: 'download2', route: named(loadLibraryPages, (m) => m.Download2Page, LIBRARY), title: { zh: '下载中心', en: 'Download centre' } },
  { path: 'guide', route: named(loadLibraryPages, (m) => m.GuidePage, LIBRARY), title: { zh: '操作指南', en: 'Operation guide' } },
  { path: 'self', route: named(loadLibraryPages, (m) => m.SelfPage, LIBRARY), title: { zh: '自助排障', en: 'Self-service troubleshooting' } },
];
