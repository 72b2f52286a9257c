import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { XSS_PAYLOADS } from './xss-payloads';

/** wfuzz's script-injection lines (GPL-2 test data; see wfuzz/README.md). */
export const WFUZZ_XSS: readonly string[] = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'wfuzz', 'xss.txt'), 'utf8')
  .split(/\r?\n/)
  .filter((line) => line.trim() !== '');

/** Every distinct payload as it is, for name fields and other plain text (rendered as text, they must show as text). */
export const XSS_RAW: readonly string[] = [...new Set([...XSS_PAYLOADS, ...WFUZZ_XSS])];

/**
 * At least 500 script-injection attempts for rich text: the base payloads, and each of them in
 * the contexts an editor's HTML puts it in (inside a paragraph, a list, a table, a link's text,
 * after a broken attribute), upper-cased, with entity-encoded brackets, and split by comments.
 */
const CONTEXTS: ReadonlyArray<(p: string) => string> = [
  (p) => p,
  (p) => `<p>${p}</p>`,
  (p) => `<ul><li>${p}</li></ul>`,
  (p) => `<table><tr><td>${p}</td></tr></table>`,
  (p) => `<a href="https://ok.example">${p}</a>`,
  (p) => `<img alt="x" title='${p}'>`,
  (p) => `<p title="x">${p.toUpperCase()}</p>`,
  (p) => `<blockquote><!-- c -->${p}<!-- d --></blockquote>`,
  (p) => `<div><![CDATA[${p}]]></div>`,
  (p) => `<pre><code>${p}</code></pre>`,
  (p) => `<h2>${p.replace(/\s/g, '/')}</h2>`,
];

export const XSS_CORPUS: readonly string[] = [
  ...XSS_PAYLOADS.flatMap((p) => CONTEXTS.map((c) => c(p))),
  // wfuzz's lines as they are, in a paragraph and in a table cell.
  ...WFUZZ_XSS.flatMap((p) => [p, `<p>${p}</p>`, `<table><tr><td>${p}</td></tr></table>`]),
  '<img src=x onerror=&#97;&#108;&#101;&#114;&#116;(1)>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<img src="x` `<script>alert(1)</script>"` `>',
  '<svg/onload=alert(1)//',
  '<iframe/src="data:text/html,<script>alert(1)</script>">',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<img src=1 onerror\u000b=alert(1)>',
  '<a href="javas\tcript:alert(1)">x</a>',
  '<keygen autofocus onfocus=alert(1)>',
];
