import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * What a page needs before it renders, read from the source: the areas whose container module
 * binds a token its code uses, and the areas whose messages hold a key its code names. Used by
 * tests/app/route-needs.test.ts to check what routes.tsx declares for each page (the route gate
 * loads only that). Static and generous: a key prefix or a token anywhere in the module graph
 * counts, whether or not that code runs on the page.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');

const parsed = new Map<string, ts.SourceFile>();
function sourceOf(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    parsed.set(file, source);
  }
  return source;
}

/** A relative import resolved to a file of src/, or null (a package, or a file outside src/). */
export function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (candidate.startsWith(SRC) && existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** The files a file imports at run time: static imports and re-exports (not `import type`) and, unless told not to, `import()`. */
export function importsOf(file: string, { dynamic = true } = {}): string[] {
  const source = sourceOf(file);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.importClause?.namedBindings;
      const onlyTypes = !node.importClause?.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (dynamic && ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.map((specifier) => resolveImport(file, specifier)).filter((f): f is string => f !== null);
}

/** Every file a file reaches through run-time imports, itself included; `stop` files are not entered. */
export function closureOf(files: string[], stop: (file: string) => boolean = () => false): Set<string> {
  const seen = new Set<string>();
  const queue = [...files];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file)) if (!seen.has(next) && !stop(next)) queue.push(next);
  }
  return seen;
}

/** The string and template texts of a file (message keys and parts of keys are among them). */
function textsOf(file: string): string[] {
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push(node.text);
    else if (ts.isTemplateExpression(node)) texts.push(node.head.text, ...node.templateSpans.map((s) => s.literal.text));
    ts.forEachChild(node, visit);
  };
  visit(sourceOf(file));
  return texts;
}

/** The `…Token` names a file mentions; ports/tokens.ts and ports/api-tokens.ts define them all and count for none (their importers name theirs). */
function tokensOf(file: string): string[] {
  if (file === path.join(SRC, 'ports/tokens.ts') || file === path.join(SRC, 'ports/api-tokens.ts')) return [];
  return [...sourceOf(file).text.matchAll(/\b([A-Z]\w*Token)\b/g)].map((m) => m[1]);
}

const MESSAGES_FILE = /\.messages\.ts$/;

/** Each message key's first segment, with the message areas (message-loaders.ts names) whose files hold keys that start with it. */
export function messagePrefixes(areaFiles: Record<string, string>): Map<string, Set<string>> {
  const prefixes = new Map<string, Set<string>>();
  for (const [area, file] of Object.entries(areaFiles)) {
    const zh = readFileSync(file.replace(MESSAGES_FILE, '.messages.zh.ts'), 'utf8');
    for (const match of zh.matchAll(/^\s*'([A-Za-z]+)\./gm)) {
      const set = prefixes.get(match[1]) ?? new Set<string>();
      set.add(area);
      prefixes.set(match[1], set);
    }
  }
  return prefixes;
}

/** The message areas a set of files names keys of: a text that starts with a key's first segment and a dot. */
export function messageAreasOf(files: Iterable<string>, prefixes: Map<string, Set<string>>): Set<string> {
  const areas = new Set<string>();
  for (const file of files) {
    if (MESSAGES_FILE.test(file) || /\.messages\.(zh|en)\.ts$/.test(file)) continue;
    for (const text of textsOf(file)) {
      const match = /^([A-Za-z]+)\./.exec(text);
      for (const area of (match && prefixes.get(match[1])) ?? []) areas.add(area);
    }
  }
  return areas;
}

/** Which container module binds each token: `bind(XToken)` in src/app/<area>.module.ts, by the module's file. */
export function tokenModules(): Map<string, string> {
  const byToken = new Map<string, string>();
  const dir = path.join(SRC, 'app');
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.module.ts'))) {
    const text = readFileSync(path.join(dir, name), 'utf8');
    for (const match of text.matchAll(/\bbind\((\w+Token)\)/g)) byToken.set(match[1], path.join(dir, name));
  }
  return byToken;
}

/** The container-module files whose tokens a set of files mentions. */
export function modulesOf(files: Iterable<string>, byToken: Map<string, string>): Set<string> {
  const modules = new Set<string>();
  for (const file of files) for (const token of tokensOf(file)) if (byToken.has(token)) modules.add(byToken.get(token)!);
  return modules;
}

export { ROOT, SRC };
