import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Replaces the text between `<!-- bench:<name>:start -->` and its end marker in docs/BENCHMARKS.md (appends the section when new). */
export function writeBenchSection(name: string, table: string, doc = path.resolve('docs/BENCHMARKS.md')): void {
  const current = readFileSync(doc, 'utf8');
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const next = current.includes(start)
    ? current.replace(new RegExp(`${start}[\\s\\S]*${end}`), () => `${start}\n${table}\n${end}`)
    : `${current.trimEnd()}\n\n${start}\n${table}\n${end}\n`;
  writeFileSync(doc, next);
}
