import type { AreaLevel } from '../../domain/accounts/area-levels';
import type { AreaCatalogPort, CatalogArea } from '../../ports/area-catalog.port';
import { done, refuse, type Outcome } from '../outcome';

/** The registration area cascade on the server: the catalogue's areas of a level under a parent. */
export class AreaService {
  constructor(private readonly catalog: AreaCatalogPort) {}

  /**
   * GetAreaData: the areas of `level` under the parent `fid` (ignored for nations); an unknown
   * parent has none. The same question answers the same frozen list, so callers may cache by it.
   */
  list(level: AreaLevel, fid: number | string | undefined, language: 'zh' | 'en'): Outcome<readonly CatalogArea[], 'badFid'> {
    const parentId = Number(fid ?? 0);
    if (!Number.isSafeInteger(parentId) || parentId < 0) return refuse('badFid');
    return done(this.catalog.list(level, parentId, language));
  }
}
