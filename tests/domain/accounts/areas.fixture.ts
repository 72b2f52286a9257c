import type { AreaOption } from '../../../src/domain/accounts/area-cascade.machine';

/** A small world of areas for the cascade's tests, by `level:parentId`. */
export const AREAS: Record<string, AreaOption[]> = {
  'nation:0': [
    { countryid: 44, countryname: 'China' },
    { countryid: 81, countryname: 'Germany' },
  ],
  'province:44': [
    { countryid: 440, countryname: 'Shandong' },
    { countryid: 441, countryname: 'Guangdong' },
  ],
  'province:81': [{ countryid: 810, countryname: 'Bavaria' }],
  'city:440': [{ countryid: 4400, countryname: 'Jinan' }],
  'city:441': [{ countryid: 4410, countryname: 'Shenzhen' }],
  'county:4400': [{ countryid: 44000, countryname: 'Licheng' }],
};
