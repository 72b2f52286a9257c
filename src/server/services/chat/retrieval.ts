import { readableLibraries } from '../../../domain/knowledge/library';
import { highlightWords, queryPhrases } from '../../../domain/knowledge/search-terms';
import type { Passage } from '../../../ports/chat-answerer.port';
import type { KnowledgeSearchPort } from '../../../ports/knowledge-search.port';
import { alarmCodesIn } from './machine-facts';

/** Words of an owner's question no article needs ("what should I do about E203 on my machine"). */
const FILLER_EN = new Set(
  'a an the i me my we our you your it its is are was were be been do does did doing have has had what why how when where which who whom should could would can will shall may might must please help tell about on in at of for to with from by this that these those there here again keeps keep showing shows show says said get got getting any some and or but if so just mean means meaning machine machines cutter problem issue wrong happen happens happened alarm alarms'.split(' '),
);
const FILLER_ZH = ['请问', '我的', '我们的', '我们', '怎么办', '怎么回事', '怎么处理', '怎么解决', '怎么', '如何处理', '如何', '为什么', '什么原因', '什么意思', '是什么', '一直', '总是', '经常', '出现', '提示', '显示', '报了', '报警了', '了', '吗', '呢', '啊', '机器', '设备', '这台', '那台', '台'];

/** The text searched for a question: its words without the filler of a spoken question; the question itself when nothing is left. */
export function searchTextOf(question: string): string {
  let q = question.normalize('NFKC');
  for (const f of FILLER_ZH) q = q.split(f).join(' ');
  const kept = q
    .split(/[\s,.;:!?，。；：！？、（）()]+/)
    .filter((w) => w && !FILLER_EN.has(w.toLowerCase()));
  const text = kept.join(' ').trim();
  return text || question;
}

/** Article HTML as lines of plain text: paragraphs and list items on lines of their own, tags gone. */
export function plainLines(html: string): string {
  return html
    .replace(/<li[^>]*>|<tr[^>]*>/gi, '\n- ')
    .replace(/<\/(p|h\d|tr|ul|ol|blockquote|pre)>|<br\s*\/?>/gi, '\n')
    .replace(/<\/t[dh]>/gi, ' — ')
    .replace(/ — (?=\s*(\n|$))/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}

/** Longest passage quoted from one article, in characters. */
export const PASSAGE_CHARS = 600;

/**
 * The part of an article that answers best: the section (between headings) holding most of the
 * question's words, cut at a line end near `PASSAGE_CHARS`.
 */
export function passageOf(html: string, words: readonly string[]): string {
  const sections = html.split(/(?=<h[23][\s>])/i).map((s) => {
    const heading = /<h[23][^>]*>([\s\S]*?)<\/h[23]>/i.exec(s)?.[1]?.replace(/<[^>]+>/g, '').trim() ?? '';
    return { heading, text: plainLines(s.replace(/<h[23][^>]*>[\s\S]*?<\/h[23]>/i, '')) };
  });
  const score = (t: string) => words.reduce((n, w) => n + (t.toLowerCase().includes(w.toLowerCase()) ? 1 : 0), 0);
  let best = sections.find((s) => s.text) ?? sections[0] ?? { heading: '', text: '' };
  for (const s of sections) if (s.text && score(s.heading + s.text) > score(best.heading + best.text)) best = s;
  let text = best.text;
  if (text.length > PASSAGE_CHARS) {
    const cut = text.lastIndexOf('\n', PASSAGE_CHARS);
    text = `${text.slice(0, cut > PASSAGE_CHARS / 2 ? cut : PASSAGE_CHARS).trim()} …`;
  }
  return best.heading ? `${best.heading}\n${text}` : text;
}

/** How many articles an answer cites at most. */
export const PASSAGES_PER_ANSWER = 3;

/**
 * Finds the passages an answer uses: the portal's full-text search (`KnowledgeSearchPort`) in the
 * answer's language over every library a customer reads, then the best section of each article.
 */
export class ChatRetrieval {
  constructor(
    private readonly search: KnowledgeSearchPort,
    private readonly articleHtml: (id: number) => Promise<string | null>,
  ) {}

  async passages(question: string, language: 'zh' | 'en', limit = PASSAGES_PER_ANSWER): Promise<Passage[]> {
    const text = searchTextOf(question);
    const options = { libraries: readableLibraries(true), language, page: { offset: 0, limit }, purpose: 'answer' as const };
    // An alarm code names its fault article better than any other word: those hits come first.
    const codes = alarmCodesIn(question);
    const [byCode, { hits: byText }] = await Promise.all([
      codes.length ? this.search.search(codes.join(' '), options).then((r) => r.hits) : [],
      this.search.search(text, options),
    ]);
    const hits = [...byCode, ...byText].filter((h, i, all) => all.findIndex((o) => o.Id === h.Id) === i).slice(0, limit);
    const words = highlightWords(queryPhrases(text));
    const bodies = await Promise.all(hits.map((h) => this.articleHtml(h.Id)));
    return hits.map((h, i) => ({ citation: { id: h.Id, nodeId: h.NodeId, library: h.Library, title: h.Title }, text: passageOf(bodies[i] ?? '', words) }));
  }
}
