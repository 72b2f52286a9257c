import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { AreaCatalogAdapter, CHINA_COUNTRY_ID } from '../../src/adapters/area-data/area-catalog.adapter';
import type { AreaLevel } from '../../src/domain/accounts/area-levels';
import type { CatalogArea } from '../../src/ports/area-catalog.port';

const catalog = new AreaCatalogAdapter();
const byName = (items: readonly CatalogArea[], name: string) => items.find((i) => i.namezh === name);

describe('AreaCatalogAdapter', () => {
  it('lists the world with China first as id 44', () => {
    const zh = catalog.list('nation', 0, 'zh');
    const en = catalog.list('nation', 0, 'en');
    expect(zh.length).toBeGreaterThanOrEqual(240);
    expect(en.length).toBe(zh.length);
    expect(zh[0]).toEqual({ countryid: 44, countryname: '中国', namezh: '中国', nameen: 'China' });
    expect(en[0]).toEqual({ countryid: 44, countryname: 'China', namezh: '中国', nameen: 'China' });
    expect(CHINA_COUNTRY_ID).toBe(44);
    expect(en.find((c) => c.nameen === 'Germany')?.namezh).toBe('德国');
  });

  it('sorts the other countries by name in the requested language', () => {
    const en = catalog.list('nation', 0, 'en').slice(1).map((c) => c.countryname);
    expect(en).toEqual([...en].sort(new Intl.Collator('en').compare));
    expect(en[0]).toBe('Afghanistan');
  });

  it('keeps country ids stable across languages and never reuses 44', () => {
    const zh = new Map(catalog.list('nation', 0, 'zh').map((c) => [c.countryid, c.nameen]));
    const en = new Map(catalog.list('nation', 0, 'en').map((c) => [c.countryid, c.nameen]));
    expect(zh).toEqual(en);
    expect(catalog.list('nation', 0, 'en').filter((c) => c.countryid === 44)).toHaveLength(1);
  });

  // Stored registrations keep these ids in FullPathId: a dataset update that renumbers must fail here.
  it('pins country ids (alpha-2 order, 44 reserved for China)', () => {
    const ids = Object.fromEntries(catalog.list('nation', 0, 'en').map((c) => [c.nameen, c.countryid]));
    expect(ids).toMatchObject({ Andorra: 1, Switzerland: 43, China: 44, "Cote d'Ivoire": 45, Germany: 57, Japan: 114, 'United States': 233, Zimbabwe: 250 });
  });

  it('lists the provinces of China with English names', () => {
    const provinces = catalog.list('province', 44, 'en');
    expect(provinces.length).toBeGreaterThanOrEqual(31);
    const guangdong = byName(provinces, '广东省');
    expect(guangdong).toEqual({ countryid: 44, countryname: 'Guangdong', namezh: '广东省', nameen: 'Guangdong' });
    expect(byName(catalog.list('province', 44, 'zh'), '北京市')?.countryname).toBe('北京市');
  });

  it('walks 广东省 -> 深圳市 -> 南山区', () => {
    const guangdong = byName(catalog.list('province', CHINA_COUNTRY_ID, 'zh'), '广东省')!;
    const shenzhen = byName(catalog.list('city', guangdong.countryid, 'zh'), '深圳市')!;
    expect(shenzhen.countryid).toBe(4403);
    const nanshan = byName(catalog.list('county', shenzhen.countryid, 'zh'), '南山区')!;
    expect(nanshan.countryid).toBe(440305);
  });

  it('names the cities and counties in English on an English page (issue 35 item 6), in pinyin as maps write them', () => {
    const shandong = byName(catalog.list('province', CHINA_COUNTRY_ID, 'en'), '山东省')!;
    const jinan = byName(catalog.list('city', shandong.countryid, 'en'), '济南市')!;
    expect(jinan).toMatchObject({ countryname: 'Jinan', nameen: 'Jinan', namezh: '济南市' });
    expect(byName(catalog.list('county', jinan.countryid, 'en'), '历下区')?.countryname).toBe('Lixia District');
    const shaanxi = byName(catalog.list('province', CHINA_COUNTRY_ID, 'en'), '陕西省')!;
    expect(byName(catalog.list('city', shaanxi.countryid, 'en'), '西安市')?.countryname).toBe("Xi'an");
    // No English name of a city or county still holds a Chinese character; the zh lists keep the Chinese.
    const han = /\p{Script=Han}/u;
    for (const province of catalog.list('province', CHINA_COUNTRY_ID, 'en')) {
      for (const city of catalog.list('city', province.countryid, 'en')) {
        expect(city.countryname, city.namezh).not.toMatch(han);
        for (const county of catalog.list('county', city.countryid, 'en')) expect(county.countryname, county.namezh).not.toMatch(han);
      }
    }
    expect(byName(catalog.list('city', shandong.countryid, 'zh'), '济南市')?.countryname).toBe('济南市');
  });

  it('keeps the dataset placeholders of municipalities', () => {
    const beijing = byName(catalog.list('province', 44, 'zh'), '北京市')!;
    const [districts] = catalog.list('city', beijing.countryid, 'en');
    expect(districts.namezh).toBe('市辖区');
    expect(districts.countryname).toBe('Municipal districts');
    expect(byName(catalog.list('county', districts.countryid, 'zh'), '朝阳区')).toBeDefined();
  });

  it('answers [] for unknown parents and for countries other than China', () => {
    const germany = catalog.list('nation', 0, 'en').find((c) => c.nameen === 'Germany')!;
    expect(catalog.list('province', germany.countryid, 'en')).toEqual([]);
    expect(catalog.list('province', 999_999, 'zh')).toEqual([]);
    expect(catalog.list('city', -1, 'zh')).toEqual([]);
    expect(catalog.list('county', 0, 'en')).toEqual([]);
  });

  it('returns the same frozen array on every call', () => {
    const first = catalog.list('city', 44, 'zh');
    expect(catalog.list('city', 44, 'zh')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first[0])).toBe(true);
  });

  it('property: ids are unique per list and every chosen child resolves back while walking down', () => {
    const pick = (items: readonly CatalogArea[], n: number) => items[n % items.length];
    fc.assert(
      fc.property(
        fc.constantFrom<'zh' | 'en'>('zh', 'en'),
        fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
        (lang, choices) => {
          let fid = CHINA_COUNTRY_ID;
          for (const [step, level] of (['province', 'city', 'county'] as const).entries()) {
            const items = catalog.list(level, fid, lang);
            if (items.length === 0) return level === 'county'; // a city without counties is a dead end, a province without cities is not
            expect(new Set(items.map((i) => i.countryid)).size).toBe(items.length);
            const chosen = pick(items, choices[step]);
            expect(catalog.list(level, fid, lang).find((i) => i.countryid === chosen.countryid)).toBe(chosen);
            expect(chosen.countryname).toBe(lang === 'zh' ? chosen.namezh : chosen.nameen);
            fid = chosen.countryid;
          }
          return true;
        },
      ),
      { seed: 20240601, numRuns: 300 },
    );
  });

  it('property: every list has unique ids', () => {
    const countries = catalog.list('nation', 0, 'en');
    expect(new Set(countries.map((c) => c.countryid)).size).toBe(countries.length);
    fc.assert(
      fc.property(fc.constantFrom<AreaLevel>('province', 'city', 'county'), fc.integer({ min: -10, max: 1_000_000 }), (level, fid) => {
        const items = catalog.list(level, fid, 'zh');
        return new Set(items.map((i) => i.countryid)).size === items.length;
      }),
      { seed: 7, numRuns: 500 },
    );
  });
});
