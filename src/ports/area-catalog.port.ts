/** One entry of the registration area cascade (`api/User/GetAreaData`): a country, province, city or county. */
export interface AreaItem {
  countryid: number;
  /** The name in the requested language. */
  countryname: string;
  namezh: string;
  nameen: string;
}

/** 1 countries, 2 provinces of country fid, 3 cities of province fid, 4 counties of city fid. */
export type AreaLevel = 1 | 2 | 3 | 4;

/** The world's countries and China's provinces, cities and counties, for the registration area cascade. */
export interface AreaCatalogPort {
  /** Children of `fid` at `seltype` (fid is ignored for countries); an unknown fid gives an empty list. */
  list(seltype: AreaLevel, fid: number, lang: 'zh' | 'en'): readonly AreaItem[];
}
