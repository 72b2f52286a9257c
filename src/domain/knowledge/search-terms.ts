/**
 * Words for full-text search in both languages (ADR 0007). PostgreSQL's parser reads a run of
 * Chinese characters as one word, so text is split with Intl.Segmenter first and stored with a
 * space between words; a query is split the same way, so both sides agree on what a word is.
 */
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

const HAN = /\p{Script=Han}/u;

/** The words of a text in reading order (punctuation and spaces dropped), lower-cased. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const part of segmenter.segment(text.normalize('NFKC'))) {
    if (part.isWordLike) words.push(part.segment.toLowerCase());
  }
  return words;
}

/** The text as the index stores it: its words separated by single spaces. */
export const segmentedText = (text: string): string => wordsOf(text).join(' ');

/** Words of a question that no article needs to contain ("how do I change the nozzle"). */
const QUESTION_WORDS = new Set(['怎么', '怎样', '如何', '什么', '为什么', '为何', '哪里', '哪个', '是否', '可以', '能否', '一下']);
/** Function characters that end a phrase rather than join it (喷嘴与镜片 is two phrases). */
const STOP_CHARACTERS = new Set(['的', '与', '和', '及', '或', '在', '是', '了', '吗', '呢', '把', '被', '对', '从', '也', '都', '就', '而', '时', '后', '要']);

/**
 * The query as groups of words that must stand together. ICU splits Chinese words it does not
 * know into single characters (喷嘴 -> 喷 嘴): a run of single Chinese characters is kept as one
 * phrase so it matches only where the characters are adjacent, never scattered over a page.
 */
export function queryPhrases(keyword: string): string[][] {
  const phrases: string[][] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length) phrases.push(run);
    run = [];
  };
  for (const word of wordsOf(keyword).slice(0, 24)) {
    if (QUESTION_WORDS.has(word) || STOP_CHARACTERS.has(word)) flush();
    else if (word.length === 1 && HAN.test(word)) run.push(word);
    else {
      flush();
      phrases.push([word]);
    }
  }
  flush();
  // A lone Chinese character that is not part of a word ("的", "与") says little on its own.
  const meaningful = phrases.filter((p) => !(p.length === 1 && p[0]!.length === 1 && HAN.test(p[0]!)));
  return meaningful.length ? meaningful : phrases;
}

/**
 * The looser reading used when too few articles match every phrase: a run of three or more
 * Chinese characters becomes its overlapping pairs (镜片脏 -> 镜片, 片脏), any of which may match.
 */
export function looserPhrases(phrases: string[][]): string[][] {
  return phrases.flatMap((p) => (p.length > 2 && p.every((w) => HAN.test(w)) ? p.slice(1).map((w, i) => [p[i]!, w]) : [p]));
}

/** Each phrase as the text `phraseto_tsquery` takes: its words separated by spaces. */
export const phraseTexts = (phrases: string[][]): string[] => phrases.map((p) => p.join(' '));

/** Every word of the phrases, for highlighting; longest first so a longer match wins. */
export function highlightWords(phrases: string[][]): string[] {
  const words = new Set<string>();
  for (const p of phrases) {
    if (p.every((w) => HAN.test(w))) words.add(p.join(''));
    else for (const w of p) words.add(w);
  }
  return [...words].filter((w) => w.length > 0).sort((a, b) => b.length - a.length);
}

/** Every choice of `k` of the indexes 0..n-1, in order (a search's "any k of these phrases"). */
export function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick = (start: number, chosen: number[]) => {
    if (chosen.length === k) return void out.push([...chosen]);
    for (let i = start; i <= n - (k - chosen.length); i++) pick(i + 1, [...chosen, i]);
  };
  if (k >= 0 && k <= n) pick(0, []);
  return out;
}

/** How many choices of `k` of `n` there are (n choose k). */
export function combinationCount(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++) c = (c * (n - i + 1)) / i;
  return Math.round(c);
}
