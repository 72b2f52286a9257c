import type { Envelope } from '../../contract/envelope';
import { PAGE_ANSWERS_FRESH_MS, PAGE_ANSWERS_ID, pageAnswerKey, type PageAnswer } from '../../contract/page-answers';
import type { PageAnswersPort } from '../../ports/page-answers.port';

/**
 * PageAnswersPort over the page's `<script type="application/json" id="page-answers">`: read once
 * and removed, then each answer taken once, while the page is fresh (PAGE_ANSWERS_FRESH_MS after
 * it began to load). Anything that does not parse counts as no answers: the app then asks.
 */
export class DomPageAnswers implements PageAnswersPort {
  private answers: Map<string, Envelope<unknown>> | null = null;

  constructor(
    private readonly doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
    private readonly sinceLoad: () => number = () => (typeof performance === 'undefined' ? Infinity : performance.now()),
  ) {}

  take(path: string, body: unknown): Envelope<unknown> | null {
    const answers = this.read();
    if (answers.size === 0 || this.sinceLoad() > PAGE_ANSWERS_FRESH_MS) return null;
    const key = pageAnswerKey(path, body);
    const envelope = answers.get(key) ?? null;
    answers.delete(key);
    return envelope;
  }

  private read(): Map<string, Envelope<unknown>> {
    if (this.answers) return this.answers;
    this.answers = new Map();
    const element = this.doc?.getElementById(PAGE_ANSWERS_ID);
    if (!element) return this.answers;
    element.remove();
    try {
      const parsed: unknown = JSON.parse(element.textContent ?? '');
      for (const answer of Array.isArray(parsed) ? (parsed as PageAnswer[]) : []) {
        if (answer && typeof answer.path === 'string' && answer.envelope && typeof answer.envelope.code === 'number') {
          this.answers.set(pageAnswerKey(answer.path, answer.body), answer.envelope);
        }
      }
    } catch {
      // Not ours, or torn: the app asks the server.
    }
    return this.answers;
  }
}
