import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combinationCount, combinations, highlightWords, looserPhrases, queryPhrases, segmentedText, wordsOf } from '../../../src/domain/knowledge/search-terms';
import { markMatches, matcherOf, snippetOf } from '../../../src/server/services/knowledge/highlight';

describe('search terms', () => {
  it('splits Chinese into words and keeps runs of single characters together as one phrase', () => {
    expect(segmentedText('更换喷嘴，检查镜片')).toBe('更换 喷 嘴 检查 镜 片');
    expect(queryPhrases('割嘴怎么换')).toEqual([['割', '嘴']]);
    expect(queryPhrases('喷嘴更换与镜片清洁')).toEqual([['喷', '嘴'], ['更换'], ['镜', '片'], ['清洁']]);
    expect(queryPhrases('Burr on the BOTTOM edge')).toEqual([['burr'], ['on'], ['the'], ['bottom'], ['edge']]);
    expect(looserPhrases([['镜', '片', '脏']])).toEqual([['镜', '片'], ['片', '脏']]);
    expect(highlightWords(queryPhrases('喷嘴 nozzle'))).toEqual(['nozzle', '喷嘴']);
  });

  it('never makes an empty phrase or a word the keyword does not hold', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ unit: fc.constantFrom('喷', '嘴', '的', '更换', '与', ' ', 'a', 'E4'), maxLength: 30 }), (latin, han) => {
        const keyword = `${latin}${han}`;
        const words = new Set(wordsOf(keyword));
        for (const phrase of [...queryPhrases(keyword), ...looserPhrases(queryPhrases(keyword))]) {
          expect(phrase.length).toBeGreaterThan(0);
          for (const w of phrase) expect(words.has(w)).toBe(true);
        }
      }),
    );
  });

  it('marks matches in escaped text: nothing but <mark> ever reaches the page as markup', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 4 }), (text, words) => {
        const matcher = matcherOf(words);
        for (const html of [markMatches(text, matcher), snippetOf(text, matcher)]) {
          expect(html.replace(/<\/?mark>/g, '')).not.toMatch(/[<>"]/);
        }
      }),
    );
  });
});

describe('combinations (the assistant\'s "at least k of the phrases")', () => {
  it('lists every choice of k of n once, in order, as many as n choose k', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.integer({ min: -1, max: 10 }), (n, k) => {
        const all = combinations(n, k);
        expect(all.length).toBe(combinationCount(n, k));
        const keys = new Set(all.map((c) => c.join(',')));
        expect(keys.size).toBe(all.length);
        for (const c of all) {
          expect(c.length).toBe(k);
          expect(c.every((i, j) => i >= 0 && i < n && (j === 0 || c[j - 1]! < i))).toBe(true);
        }
      }),
    );
  });

  it('counts the choices as the binomial coefficient', () => {
    expect(combinationCount(5, 2)).toBe(10);
    expect(combinationCount(10, 5)).toBe(252);
    expect(combinationCount(3, 4)).toBe(0);
    expect(combinations(3, 2)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
  });
});
