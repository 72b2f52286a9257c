import { citationHref, type Citation } from '../../../domain/chat/citations';
import type { AnswerRequest } from '../../../ports/chat-answerer.port';

/** The fixed words of the answers, in the answer's language. */
export const TEXTS = {
  zh: {
    found: '根据门户知识库中的文章：',
    related: '相关文章：',
    nothing: '在门户知识库中没有找到与这个问题相关的文章。请换个说法再问，或在“一键报修”提交工单，由服务工程师帮您处理。',
    machines: '您的设备',
    source: '来源',
    sources: '引用的文章',
    reasoningSearch: (n: number) => `检索了门户知识库，找到 ${n} 篇相关文章。`,
    reasoningFacts: (n: number, m: number) => (m ? `查看了您的 ${m} 台设备，共 ${n} 条相关信息。` : '这个问题与您的设备无关，未查看设备信息。'),
    failed: (why: string) => `\n\n（回答未能完成：${why}。请稍后再试。）`,
  },
  en: {
    found: 'From the portal\'s articles:',
    related: 'Related articles:',
    nothing: 'I found no article in the portal\'s knowledge base about this. Try other words, or submit a work order under one-click repair and a service engineer will help.',
    machines: 'Your machines',
    source: 'source',
    sources: 'Articles cited',
    reasoningSearch: (n: number) => `Searched the portal's knowledge base: ${n} article${n === 1 ? '' : 's'} found.`,
    reasoningFacts: (n: number, m: number) => (m ? `Looked at ${m} of your machine${m === 1 ? '' : 's'}: ${n} fact${n === 1 ? '' : 's'}.` : 'The question is not about your machines; their facts were not read.'),
    failed: (why: string) => `\n\n(The answer could not finish: ${why}. Please try again later.)`,
  },
} as const;

/** Failure reasons of the upstream in Chinese (the adapter words them in English). */
export const FAILURE_ZH: Record<string, string> = {
  timeout: '模型服务响应超时',
  http: '模型服务返回错误',
  garbage: '模型服务返回的内容无法识别',
  disconnected: '模型服务中途断开了连接',
  unreachable: '无法连接模型服务',
};

/** The numbered list of cited articles, as Markdown links that open them. */
export function sourcesSection(citations: readonly Citation[], language: 'zh' | 'en'): string {
  if (!citations.length) return '';
  const lines = citations.map((c, i) => `${i + 1}. [${escapeLinkText(c.title)}](${citationHref(c)})`);
  return `\n\n**${TEXTS[language].sources}**\n\n${lines.join('\n')}`;
}

/** A title as Markdown link text: brackets escaped. */
const escapeLinkText = (t: string) => t.replace(/([\\[\]])/g, '\\$1');

/** The facts as a Markdown list, grouped by machine, each with its source. */
export function factsSection(request: Pick<AnswerRequest, 'facts' | 'language'>): string {
  if (!request.facts.length) return '';
  const t = TEXTS[request.language];
  const byMachine = new Map<string, string[]>();
  for (const f of request.facts) {
    const list = byMachine.get(f.orderNumber) ?? [];
    const [open, sep, close] = request.language === 'zh' ? ['（', '：', '）'] : [' (', ': ', ')'];
    list.push(`${f.text}${open}${t.source}${sep}${f.source}${close}`);
    byMachine.set(f.orderNumber, list);
  }
  const lines = [...byMachine].map(([order, facts]) => `- **${order}**${request.language === 'zh' ? '：' : ': '}${facts.join(request.language === 'zh' ? '；' : '; ')}`);
  return `### ${t.machines}\n\n${lines.join('\n')}`;
}

/**
 * The embedded assistant's answer (DECISIONS 5, `RetrievalAssistant`). A question on the customer's
 * data starts with the lead written from it, then the machine facts, then the articles that matter
 * for it; any other question gets the passages quoted, each under its article's number (or plainly
 * that none was found), then the machine facts.
 */
export function embeddedAnswer(request: AnswerRequest): { reasoning: string; text: string } {
  const t = TEXTS[request.language];
  const machines = new Set(request.facts.map((f) => f.orderNumber)).size;
  const parts: string[] = [];
  const quote = (p: AnswerRequest['passages'][number], i: number) =>
    `**[${i + 1}] ${p.citation.title}**\n\n${p.text
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n')}`;
  const facts = factsSection(request);
  if (request.lead) {
    parts.push(request.lead);
    if (facts) parts.push(facts);
    if (request.passages.length) parts.push(t.related, ...request.passages.map(quote));
  } else {
    if (request.passages.length) parts.push(t.found, ...request.passages.map(quote));
    else parts.push(t.nothing);
    if (facts) parts.push(facts);
  }
  return { reasoning: `${t.reasoningSearch(request.passages.length)} ${t.reasoningFacts(request.facts.length, machines)}`, text: parts.join('\n\n') };
}

/**
 * The system message an OpenAI-compatible model gets (DECISIONS 6): answer from these passages and
 * facts, cite them by number, in the question's language.
 */
export function systemPrompt(request: AnswerRequest): string {
  const passages = request.passages.map((p, i) => `[${i + 1}] ${p.citation.title}\n${p.text}`).join('\n\n');
  const facts = request.facts.map((f) => `- ${f.orderNumber}: ${f.text} (source: ${f.source})`).join('\n');
  return [
    'You are the service assistant of a laser cutting machine maker\'s customer portal.',
    `Answer in ${request.language === 'zh' ? 'Chinese' : 'English'}, in Markdown, briefly and practically.`,
    'Use only the articles and machine facts below. Cite articles as [1], [2]. Name the source of any machine fact you use. If they do not answer the question, say so plainly.',
    ...(request.tools?.definitions.length
      ? ["You may call the functions offered for more of this customer's data (their machines only; another customer's machine is refused) and search_articles for more articles. Never state a machine fact that neither the facts below nor a function's answer gave you."]
      : []),
    ...(request.lead ? [`What the portal's data answers (start your answer with it, in your own words; it counts every machine of the customer):\n${request.lead}`] : []),
    `Articles:\n${passages || '(none found)'}`,
    `The customer's machines:\n${facts || '(not asked about)'}`,
  ].join('\n\n');
}
