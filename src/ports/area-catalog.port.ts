import type { AreaLevel } from '../domain/accounts/area-levels';

/** An area of the catalogue: a country, province, city or county, named in both languages. */
export interface CatalogArea {
  countryid: number;
  /** The name in the requested language. */
  countryname: string;
  namezh: string;
  nameen: string;
}

/** The world's countries and China's provinces, cities and counties, for the registration area cascade. */
export interface AreaCatalogPort {
  /** The areas of `level` under the parent `parentId` (ignored for nations); an unknown parent gives an empty list. */
  list(level: AreaLevel, parentId: number, lang: 'zh' | 'en'): readonly CatalogArea[];
}
