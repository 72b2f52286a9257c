import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { withUsedAreas } from '../../src/app/area-modules';
import type { ServiceArea } from '../../src/ui/common/services-context';
import { MESSAGE_AREAS } from '../../src/ui/i18n/message-loaders';
import { LANDING_SERVICES } from '../../src/ui/landing/services-on-intent';
import { SHELL_BELL_SERVICES } from '../../src/ui/alarms/shell-bell';
import { SHELL_COMPANY_SERVICES } from '../../src/ui/companies/shell-companies';
import { closureOf, importsOf, messageAreasOf, messagePrefixes, modulesOf, resolveImport, SRC, tokenModules } from '../support/page-needs';

// Issue 23: a page waits for its own areas' services and messages only, as routes.tsx declares
// them. This reads each page's code (its module and everything it imports, at once or later) and
// the code of the container modules it uses, and fails when a page uses a token bound by an area
// or names a message key of an area that its route does not declare: such a page would throw, or
// show a message's id, on a first visit that comes straight to it.

const ROUTES = path.join(SRC, 'ui/shell/routes.tsx');
/** The route table: routes.tsx, the list of the areas' pages, and each area's `<area>.pages.ts`. */
const ROUTE_FILES = [
  ROUTES,
  path.join(SRC, 'ui/shell/area-pages.ts'),
  ...readdirSync(path.join(SRC, 'ui'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.pages.ts'))
    .map((f) => path.join(SRC, 'ui', f)),
];
const camel = (kebab: string) => kebab.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

const messageFiles = Object.fromEntries(
  readdirSync(path.join(SRC, 'ui'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.messages.zh.ts'))
    .map((f) => [camel(path.basename(f, '.messages.zh.ts')), path.join(SRC, 'ui', f.replace(/\.zh\.ts$/, '.ts'))]),
);
const prefixes = messagePrefixes(messageFiles);
const byToken = tokenModules();
const areaOfModule = (file: string) => camel(path.basename(file, '.module.ts')) as ServiceArea | 'common';

/** Outside a page: the route table's other pages, and the composition root (ui code cannot import it). */
const outsidePage = (file: string) => ROUTE_FILES.includes(file) || file.startsWith(path.join(SRC, 'app') + path.sep);

/** What a set of entry files needs: the areas of the tokens their code uses, and of the message keys it or those areas' modules name. */
function needsOfCode(files: string[]): { services: string[]; messages: string[] } {
  const code = closureOf(files, outsidePage);
  const modules = [...modulesOf(code, byToken)];
  const services = modules.map(areaOfModule).filter((a) => a !== 'common');
  // The area modules' code (their adapters and machines) names the keys their answers carry. Not
  // common.module.ts's: its session and notifier say common words, and the accounts refusals its
  // Login calls can carry are worded by the accounts forms, which import that wording themselves.
  const moduleCode = closureOf(
    modules.filter((m) => areaOfModule(m) !== 'common'),
    (f) => ROUTE_FILES.includes(f) || f === path.join(SRC, 'app/common.module.ts'),
  );
  const messages = [...messageAreasOf([...code, ...moduleCode], prefixes)];
  return { services: services.sort(), messages: messages.sort() };
}

interface DeclaredPage {
  module: string;
  services: string[];
  messages: string[];
  file: string;
  line: number;
}

/** Every `page(load, needs)` and `named(load, pick, needs)` of a route file: the module it loads and the needs it declares. */
function declaredPages(file: string): DeclaredPage[] {
  const source = ts.createSourceFile(file, ts.sys.readFile(file)!, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const consts = new Map<string, ts.Expression>();
  const collect = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) consts.set(node.name.text, node.initializer);
    ts.forEachChild(node, collect);
  };
  collect(source);
  const deref = (node: ts.Expression): ts.Expression => (ts.isIdentifier(node) && consts.has(node.text) ? deref(consts.get(node.text)!) : node);
  const importOf = (node: ts.Expression): string => {
    const fn = deref(node);
    if (ts.isArrowFunction(fn) && ts.isCallExpression(fn.body) && fn.body.expression.kind === ts.SyntaxKind.ImportKeyword) {
      return resolveImport(file, (fn.body.arguments[0] as ts.StringLiteral).text)!;
    }
    throw new Error(`${path.basename(file)}: cannot read the module of ${node.getText(source)}`);
  };
  const strings = (object: ts.ObjectLiteralExpression, key: string): string[] => {
    const prop = object.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText(source) === key) as ts.PropertyAssignment | undefined;
    if (!prop || !ts.isArrayLiteralExpression(prop.initializer)) throw new Error(`${path.basename(file)}: needs without ${key} at ${object.getText(source)}`);
    return prop.initializer.elements.map((e) => (e as ts.StringLiteral).text);
  };
  const pages: DeclaredPage[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && (node.expression.text === 'page' || node.expression.text === 'named')) {
      const needs = deref(node.arguments[node.arguments.length - 1]);
      if (!ts.isObjectLiteralExpression(needs)) throw new Error(`${path.basename(file)}: cannot read the needs of ${node.getText(source)}`);
      pages.push({
        module: importOf(node.arguments[0]),
        services: strings(needs, 'services'),
        messages: strings(needs, 'messages'),
        file: path.basename(file),
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return pages;
}

const pages = ROUTE_FILES.flatMap(declaredPages);

describe("each page's declared needs (routes.tsx and the areas' pages)", () => {
  it('reads every page of the route table', () => {
    const loaded = new Set(ROUTE_FILES.flatMap((file) => importsOf(file).filter((f) => !importsOf(file, { dynamic: false }).includes(f))));
    loaded.delete(path.join(SRC, 'ui/landing/landing-screen.tsx'));
    expect(new Set(pages.map((p) => p.module))).toEqual(loaded);
  });

  it.each(pages.map((p) => [`${path.relative(SRC, p.module)} (${p.file} line ${p.line})`, p] as const))('%s declares what its code uses', (_name, page) => {
    const used = needsOfCode([page.module]);
    // The shell's bell loads its area itself, after the page (ui/alarms/shell-bell.tsx).
    const own = page.module === path.join(SRC, 'ui/shell/portal-shell.tsx') ? [...SHELL_BELL_SERVICES, ...SHELL_COMPANY_SERVICES] : [];
    const declared = withUsedAreas([...(page.services as ServiceArea[]), ...own]);
    expect(used.services.filter((a) => !declared.includes(a as ServiceArea)), 'services').toEqual([]);
    expect(used.messages.filter((a) => !page.messages.includes(a)), 'messages').toEqual([]);
    for (const area of page.messages) expect(MESSAGE_AREAS).toContain(area);
  });

  it('the landing page names no key of an area loaded on demand, and loads the services it uses (services-on-intent.ts)', () => {
    const used = needsOfCode([path.join(SRC, 'ui/landing/landing-screen.tsx')]);
    expect(used.messages).toEqual([]);
    const declared = withUsedAreas(LANDING_SERVICES);
    expect(used.services.filter((a) => !declared.includes(a as ServiceArea))).toEqual([]);
  });

  it('what every page shows around it (the entry, the route guard, dialogs, toasts) names no key of an area loaded on demand', () => {
    const entry = [...importsOf(path.join(SRC, 'app/main.tsx')), ...importsOf(ROUTES, { dynamic: false })].filter((f) => !outsidePage(f));
    expect(needsOfCode(entry)).toEqual({ services: [], messages: [] });
  });
});
