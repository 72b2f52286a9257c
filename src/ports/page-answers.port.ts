import type { Envelope } from '../contract/envelope';

/**
 * The answers a page was painted from on the server (contract/page-answers.ts, ADR 0026): the
 * browser's HTTP adapter asks here before it calls, and each answer stands in for its call once.
 */
export interface PageAnswersPort {
  /** The page's answer to this call (path and body), taken so that a second call asks the server; null when there is none. */
  take(path: string, body: unknown): Envelope<unknown> | null;
}
