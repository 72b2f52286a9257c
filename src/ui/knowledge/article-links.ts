import type { Library } from '../../domain/knowledge/library';
import { paths } from '../shell/paths';

/** The article route of each library (spec 3): knowledge, download centre, guide, self-service. */
export function articlePath(library: Library, id: number, parentId: number, isVisitor: boolean): string {
  switch (library) {
    case 'download':
      return paths.softwareDown(id, parentId, isVisitor);
    case 'guide':
      return paths.guideArticle(id, parentId);
    case 'faults':
      return paths.selfArticle(id, parentId);
    default:
      return paths.article(id, parentId);
  }
}

/** Where an article page's Back goes (spec 3): the folder, the library page, or the download tab by the visitor flag. */
export function articleBackPath(library: Library, parentId: string | undefined, isVisitor: boolean): string {
  switch (library) {
    case 'download':
      return isVisitor ? paths.visitor('download') : '/download2';
    case 'guide':
      return '/guide';
    case 'faults':
      return '/self';
    default:
      return parentId ? paths.folder(parentId) : paths.section('knowledge');
  }
}
