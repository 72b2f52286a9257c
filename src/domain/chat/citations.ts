import type { Library } from '../knowledge/library';

/** An article an answer used, as the answer cites it. */
export interface Citation {
  id: number;
  nodeId: number;
  library: Library;
  title: string;
}

/**
 * Where a cited article opens in the portal (spec 3's article routes under the app's `/app`
 * base): knowledge `/article`, guide `/guideArticle`, common faults `/selfArticle`, downloads
 * `/softwareDown`. The assistant writes these links into its answers.
 */
export function citationHref(c: Pick<Citation, 'id' | 'nodeId' | 'library'>): string {
  switch (c.library) {
    case 'download':
      return `/app/softwareDown/${c.id}/${c.nodeId}/false`;
    case 'guide':
      return `/app/guideArticle/${c.id}/${c.nodeId}`;
    case 'faults':
      return `/app/selfArticle/${c.id}/${c.nodeId}`;
    default:
      return `/app/article/${c.id}/${c.nodeId}`;
  }
}
