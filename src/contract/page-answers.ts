import type { Envelope } from './envelope';

// A page the server paints with the caller's data (docs/adr/0026-personal-first-screens.md) carries
// the answers it painted from, so that the app, once it runs, shows the same data without asking
// for it again: the server writes them into the page, the browser's HTTP adapter takes each once.

/** The `<script type="application/json">` element holding a page's answers. */
export const PAGE_ANSWERS_ID = 'page-answers';

/**
 * How long after the page began to load its answers may stand in for a call (ms). The app starts
 * within seconds (ADR 0025); a page opened in a background tab and shown much later asks again.
 */
export const PAGE_ANSWERS_FRESH_MS = 60_000;

/** One call the page was painted from: its path (`Machine/GetMyMachine`), its body and its answer. */
export interface PageAnswer {
  path: string;
  body: unknown;
  envelope: Envelope<unknown>;
}

/** The call a page answer stands for: the same path (with or without `api/`) and the same body, key by key. */
export function pageAnswerKey(path: string, body: unknown): string {
  return `${path.replace(/^\/+/, '').replace(/^api\//, '')} ${stableJson(body ?? {})}`;
}

/** JSON with every object's keys in order, so that two bodies with the same fields give the same key. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The answers as the page carries them: JSON that cannot end its `<script>` element. */
export function pageAnswersJson(answers: readonly PageAnswer[]): string {
  return JSON.stringify(answers).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
