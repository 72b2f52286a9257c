import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ArticleRow, ContentLanguage, ListAnswer, TreeAnswer, TreeNode } from '../../../src/domain/knowledge/library';
import {
  browseQuery,
  libraryBrowserMachine,
  type BrowseQuery,
  type LibraryBrowserEvent,
  type LibraryBrowserInput,
  type TreeRequest,
} from '../../../src/domain/knowledge/library-browser.machine';
import { findNode, stripWhitespace } from '../../../src/domain/knowledge/library-tree';
import { refused } from '../../../src/domain/shared/refused';
import { downloadTree, knowledgeTree, row } from './knowledge-fixtures';

type RowsAnswer = ListAnswer<ArticleRow>;

const treeAnswer = (roots: TreeNode[]): TreeAnswer => ({ kind: 'tree', roots });

/** Rows that say which query they answer: Title is the query's key. */
const keyOf = (q: BrowseQuery) => `${q.nodeId}|${q.label}|${q.offset}|${q.size}`;
const rowsFor = (q: BrowseQuery, total = 25): RowsAnswer => ({
  kind: 'list',
  rows: Array.from({ length: Math.max(0, Math.min(q.size, total - q.offset)) }, (_, i) => row(q.offset + i + 1, q.nodeId, { Title: keyOf(q) })),
  total,
});

function start(
  input: LibraryBrowserInput,
  options: {
    tree?: (r: TreeRequest) => TreeAnswer | Error;
    contents?: (q: BrowseQuery) => RowsAnswer | Error;
  } = {},
) {
  const trees: TreeRequest[] = [];
  const queries: BrowseQuery[] = [];
  const actor = createActor(
    libraryBrowserMachine.provide({
      actors: {
        loadTree: fromPromise(async ({ input: request }) => {
          trees.push(request);
          const answer = options.tree ? options.tree(request) : treeAnswer(request.library === 'knowledge' ? knowledgeTree(request.lang) : downloadTree());
          if (answer instanceof Error) throw answer;
          return answer;
        }),
        loadContents: fromPromise(async ({ input: query }) => {
          queries.push(query);
          const answer = options.contents ? options.contents(query) : rowsFor(query);
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
    }),
    { input },
  );
  actor.start();
  return { actor, trees, queries };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('library browser machine', () => {
  it('loads the tree in the page language, shows the branch of the classification and lists it', async () => {
    const { actor, trees, queries } = start({ library: 'knowledge', lang: 'zh', focus: 10 });
    await settled(actor);
    const { context } = actor.getSnapshot();
    expect(trees).toEqual([{ library: 'knowledge', lang: 'zh' }]);
    expect(context.branch?.id).toBe(11);
    expect(context.top?.name).toBe('板材激光切割机');
    expect(context.selected).toBe(11);
    expect(context.expanded).toContain(11);
    expect(queries).toEqual([{ library: 'knowledge', nodeId: 11, label: '', offset: 0, size: 10 }]);
    expect(context.rows).toHaveLength(10);
    expect(context.total).toBe(25);
    expect(actor.getSnapshot().matches({ ready: 'shown' })).toBe(true);
  });

  it('lists a clicked folder from its first page and opens the folders above it', async () => {
    const { actor, queries } = start({ library: 'knowledge', lang: 'zh', focus: 10 });
    await settled(actor);
    actor.send({ type: 'page.set', page: 3 });
    await settled(actor);
    expect(queries.at(-1)).toMatchObject({ nodeId: 11, offset: 20 });
    actor.send({ type: 'node.select', id: 13 });
    await settled(actor);
    expect(queries.at(-1)).toEqual({ library: 'knowledge', nodeId: 13, label: '', offset: 0, size: 10 });
    expect(actor.getSnapshot().context.expanded).toEqual(expect.arrayContaining([11, 12]));
    // Nodes outside the branch (the other language, another classification) are not selectable.
    for (const id of [14, 15, 20, 999]) actor.send({ type: 'node.select', id });
    expect(queries).toHaveLength(3);
  });

  it('toggles folders of the branch only', async () => {
    const { actor } = start({ library: 'download', lang: 'en' });
    await settled(actor);
    expect(actor.getSnapshot().context.branch?.id).toBe(103);
    actor.send({ type: 'node.toggle', id: 103 });
    expect(actor.getSnapshot().context.expanded).not.toContain(103);
    actor.send({ type: 'node.toggle', id: 103 });
    expect(actor.getSnapshot().context.expanded).toContain(103);
    actor.send({ type: 'node.toggle', id: 101 });
    expect(actor.getSnapshot().context.expanded).not.toContain(101);
  });

  it('searches by label without whitespace, opens matching folders and those of the rows; reset lists all again', async () => {
    const { actor, queries } = start(
      { library: 'knowledge', lang: 'en', focus: 10 },
      { contents: (q) => (q.label ? { kind: 'list', rows: [row(7, 17, { Lable: 'nozzle' })], total: 1 } : rowsFor(q)) },
    );
    await settled(actor);
    actor.send({ type: 'node.toggle', id: 14 });
    actor.send({ type: 'search.change', text: '  noz zle ' });
    actor.send({ type: 'search.submit' });
    await settled(actor);
    const { context } = actor.getSnapshot();
    expect(queries.at(-1)).toEqual({ library: 'knowledge', nodeId: 14, label: 'nozzle', offset: 0, size: 10 });
    expect(context.matches).toEqual([17]);
    expect(context.expanded).toEqual(expect.arrayContaining([14, 15]));
    expect(context.rows.map((r) => r.Id)).toEqual([7]);

    actor.send({ type: 'search.reset' });
    await settled(actor);
    expect(queries.at(-1)).toMatchObject({ label: '' });
    expect(actor.getSnapshot().context).toMatchObject({ draft: '', label: '', matches: [] });
  });

  it('loads again in the other language and keeps the label', async () => {
    const { actor, trees, queries } = start({ library: 'knowledge', lang: 'zh', focus: 10 });
    await settled(actor);
    actor.send({ type: 'search.change', text: 'G 1' });
    actor.send({ type: 'search.submit' });
    await settled(actor);
    actor.send({ type: 'lang.set', lang: 'en' });
    await settled(actor);
    expect(trees.at(-1)).toEqual({ library: 'knowledge', lang: 'en' });
    expect(actor.getSnapshot().context.top?.name).toBe('Sheet laser cutting machines');
    expect(queries.at(-1)).toEqual({ library: 'knowledge', nodeId: 14, label: 'G1', offset: 0, size: 10 });
    actor.send({ type: 'lang.set', lang: 'en' });
    expect(trees).toHaveLength(2);
  });

  it('shows an empty list, and a refusal with its message', async () => {
    const empty = start({ library: 'download', lang: 'zh' }, { contents: () => ({ kind: 'list', rows: [], total: 0 }) });
    await settled(empty.actor);
    expect(empty.actor.getSnapshot().matches({ ready: 'shown' })).toBe(true);
    expect(empty.actor.getSnapshot().context).toMatchObject({ rows: [], total: 0 });

    let fail = true;
    const failing = start({ library: 'download', lang: 'zh' }, { contents: (q) => (fail ? refused('Database down') : rowsFor(q)) });
    await settled(failing.actor);
    expect(failing.actor.getSnapshot().matches({ ready: 'failed' })).toBe(true);
    expect(failing.actor.getSnapshot().context.rowsError).toBe('Database down');
    fail = false;
    failing.actor.send({ type: 'contents.reload' });
    await settled(failing.actor);
    expect(failing.actor.getSnapshot().matches({ ready: 'shown' })).toBe(true);
  });

  it("fails the tree with the server's message (a visitor on the guide) and retries", async () => {
    let answer: TreeAnswer | Error = refused('Login has expired, please log in again');
    const { actor } = start({ library: 'guide', lang: 'zh' }, { tree: () => answer });
    await settled(actor);
    expect(actor.getSnapshot().matches('treeFailed')).toBe(true);
    expect(actor.getSnapshot().context.treeError).toBe('Login has expired, please log in again');
    answer = new Error('network');
    actor.send({ type: 'tree.reload' });
    await settled(actor);
    expect(actor.getSnapshot().context.treeError).toBe('');
    answer = treeAnswer(downloadTree());
    actor.send({ type: 'tree.reload' });
    await settled(actor);
    expect(actor.getSnapshot().matches({ ready: 'shown' })).toBe(true);
  });

  it('is missing for an unknown classification, without listing anything', async () => {
    const { actor, queries } = start({ library: 'knowledge', lang: 'zh', focus: 4242 });
    await settled(actor);
    expect(actor.getSnapshot().matches('missing')).toBe(true);
    expect(queries).toEqual([]);
  });
});

const ids = [10, 11, 12, 13, 14, 15, 16, 17, 20, 999];
const eventArb: fc.Arbitrary<LibraryBrowserEvent | { type: 'settle' }> = fc.oneof(
  fc.constantFrom<ContentLanguage>('zh', 'en').map((lang) => ({ type: 'lang.set' as const, lang })),
  fc.constantFrom(...ids).map((id) => ({ type: 'node.select' as const, id })),
  fc.constantFrom(...ids).map((id) => ({ type: 'node.toggle' as const, id })),
  fc.constantFrom('', ' noz zle', 'G', 'nozzle care', '喷 嘴').map((text) => ({ type: 'search.change' as const, text })),
  fc.constant({ type: 'search.submit' as const }),
  fc.constant({ type: 'search.reset' as const }),
  fc.integer({ min: -1, max: 5 }).map((page) => ({ type: 'page.set' as const, page })),
  fc.constant({ type: 'contents.reload' as const }),
  fc.constant({ type: 'settle' as const }),
  fc.constant({ type: 'settle' as const }),
);

describe('library browser properties', () => {
  it('lists only folders of the shown branch, never sends whitespace in a label, and never shows rows of another query', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(eventArb, { maxLength: 25 }), async (s, events) => {
        const queries: BrowseQuery[] = [];
        const actor = createActor(
          libraryBrowserMachine.provide({
            actors: {
              loadTree: fromPromise(({ input }) => s.schedule(Promise.resolve(treeAnswer(knowledgeTree(input.lang))))),
              loadContents: fromPromise(({ input }) => {
                queries.push(input);
                return s.schedule(Promise.resolve(rowsFor(input)));
              }),
            },
          }),
          { input: { library: 'knowledge', lang: 'zh', focus: 10 } },
        );
        const problems: string[] = [];
        actor.subscribe((snapshot) => {
          const { rows, shown, branch, selected, lang, page, total, size } = snapshot.context;
          if (snapshot.matches('ready') && branch?.lang !== lang) problems.push(`branch ${branch?.id} of ${branch?.lang} shown in ${lang}`);
          if (selected !== null && !findNode(branch ? [branch] : [], selected)) problems.push(`selected ${selected} outside the branch`);
          if (page < 1 || (total > 0 && page > Math.ceil(total / size))) problems.push(`page ${page} of ${total}`);
          if (snapshot.matches({ ready: 'shown' })) {
            const key = keyOf(browseQuery(snapshot.context));
            for (const r of rows) if (r.Title !== key) problems.push(`row of ${r.Title} shown for ${key}`);
            if (shown && keyOf(shown) !== key) problems.push(`shown ${keyOf(shown)} for ${key}`);
          }
        });
        actor.start();
        for (const event of events) {
          if (event.type === 'settle') {
            if (s.count() > 0) await s.waitNext(1);
            continue;
          }
          actor.send(event);
        }
        await s.waitIdle();
        expect(problems).toEqual([]);
        const last = actor.getSnapshot();
        expect(last.matches({ ready: 'shown' })).toBe(true);
        for (const query of queries) {
          expect(query.label).toBe(stripWhitespace(query.label));
          expect(query.offset % query.size).toBe(0);
          expect([11, 12, 13, 16, 14, 15, 17]).toContain(query.nodeId);
        }
        expect(queries.at(-1)).toEqual(browseQuery(last.context));
        actor.stop();
      }),
      { numRuns: 60 },
    );
  });
});
