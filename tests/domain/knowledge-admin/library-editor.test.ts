import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  isChangeWellFormed,
  libraryEditorMachine,
  type ArticlesQuery,
  type AdminTreeAnswer,
  type LibraryEditorEvent,
  type NodeChange,
  type NodeChangeAnswer,
} from '../../../src/domain/knowledge-admin/library-editor.machine';
import { findNode } from '../../../src/domain/knowledge-admin/library-tree';
import type { ArticleRow, Library } from '../../../src/domain/knowledge/library';
import { refused } from '../../../src/domain/shared/refused';
import { downloadTree, knowledgeTree } from './admin-tree.fixture';

const ROW = (id: number, nodeId: number): ArticleRow => ({ Id: id, NodeId: nodeId, Title: `A${id}`, Lable: '', Series: '', Language: 'en', CreateTime: '2026-01-01T00:00:00Z', ViewCount: 0 });

interface Script {
  tree?: Array<AdminTreeAnswer | 'throw'>;
  change?: Array<NodeChangeAnswer | 'throw'>;
}

function start(script: Script = {}, input: { library?: Library; selectedId?: number | null } = {}) {
  const calls = { trees: [] as Library[], articles: [] as ArticlesQuery[], changes: [] as NodeChange[], done: [] as string[], refused: [] as string[] };
  const take = <T,>(queue: Array<T | 'throw'> | undefined, fallback: T): T => {
    const next = queue?.shift() ?? fallback;
    if (next === 'throw') throw new Error('network');
    return next;
  };
  const actor = createActor(
    libraryEditorMachine.provide({
      actors: {
        loadTree: fromPromise(async ({ input }) => {
          calls.trees.push(input.library);
          return take<AdminTreeAnswer>(script.tree, { kind: 'tree', roots: input.library === 'download' ? downloadTree() : knowledgeTree() });
        }),
        loadArticles: fromPromise(async ({ input }) => {
          calls.articles.push(input);
          return { kind: 'list' as const, rows: [ROW(100 + input.nodeId, input.nodeId)], total: 45 };
        }),
        changeNode: fromPromise(async ({ input }) => {
          calls.changes.push(input);
          return take<NodeChangeAnswer>(script.change, { kind: 'done', addedId: input.kind === 'add' ? 99 : null });
        }),
      },
      actions: {
        notifyDone: (_, params) => void calls.done.push(params.kind),
        notifyRefused: (_, params) => void calls.refused.push(`${params.kind}:${params.message}`),
      },
    }),
    { input: { library: input.library ?? 'knowledge', selectedId: input.selectedId ?? null } },
  );
  actor.start();
  return { actor, calls };
}

const idle = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => !s.hasTag('busy') && !s.matches({ ready: { articles: 'loading' } }), { timeout: 1000 });

describe('library editor', () => {
  it('loads the tree and the articles of the folder in the address', async () => {
    const { actor, calls } = start({}, { selectedId: 6 });
    await idle(actor);
    expect(actor.getSnapshot().matches({ ready: { articles: 'shown' } })).toBe(true);
    expect(calls.articles).toEqual([{ library: 'knowledge', nodeId: 6, offset: 0, size: 20 }]);
    expect(actor.getSnapshot().context.articlesTotal).toBe(45);
  });

  it('drops a selection that is not in the tree', async () => {
    const { actor, calls } = start({}, { selectedId: 404 });
    await idle(actor);
    expect(actor.getSnapshot().context.selectedId).toBeNull();
    expect(actor.getSnapshot().matches({ ready: { articles: 'none' } })).toBe(true);
    expect(calls.articles).toEqual([]);
  });

  it('is forbidden for a caller who is not staff', async () => {
    const { actor } = start({ tree: [{ kind: 'forbidden' }] });
    await waitFor(actor, (s) => s.matches('forbidden'));
  });

  it('fails with the message, and loads again on retry', async () => {
    const { actor } = start({ tree: [refused('db down')] });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('db down');
    actor.send({ type: 'tree.reload' });
    await waitFor(actor, (s) => s.matches('ready'));
  });

  it('pages the articles of the chosen folder', async () => {
    const { actor, calls } = start();
    await idle(actor);
    actor.send({ type: 'node.select', id: 7 });
    await idle(actor);
    actor.send({ type: 'articles.page', page: 3 });
    await idle(actor);
    actor.send({ type: 'articles.page', page: 4 });
    await idle(actor);
    expect(calls.articles.map((q) => [q.nodeId, q.offset])).toEqual([
      [7, 0],
      [7, 40],
    ]);
  });

  it('adds a folder, refreshes the tree and opens the new folder', async () => {
    const { actor, calls } = start({}, { selectedId: 4 });
    await idle(actor);
    actor.send({ type: 'node.change', change: { kind: 'add', library: 'knowledge', parentId: 4, name: '新', nameEn: 'New' } });
    expect(actor.getSnapshot().hasTag('changing')).toBe(true);
    await idle(actor);
    expect(calls.done).toEqual(['add']);
    expect(calls.trees).toEqual(['knowledge', 'knowledge']);
    expect(actor.getSnapshot().context.selectedId).toBeNull(); // 99 is not in the fake's tree
  });

  it('keeps a refusal for the dialog and does not reload', async () => {
    const { actor, calls } = start({ change: [refused('The classification still holds folders or articles')] }, { selectedId: 6 });
    await idle(actor);
    actor.send({ type: 'node.change', change: { kind: 'delete', id: 6 } });
    await idle(actor);
    expect(actor.getSnapshot().context.refusal).toEqual({ kind: 'delete', message: 'The classification still holds folders or articles' });
    expect(calls.refused).toEqual(['delete:The classification still holds folders or articles']);
    expect(calls.trees).toHaveLength(1);
    actor.send({ type: 'refusal.clear' });
    expect(actor.getSnapshot().context.refusal).toBeNull();
  });

  it('sends no change with an empty name, onto itself or about a node it does not show', async () => {
    const { actor, calls } = start();
    await idle(actor);
    actor.send({ type: 'node.change', change: { kind: 'add', library: 'knowledge', parentId: 4, name: ' ', nameEn: 'x' } });
    actor.send({ type: 'node.change', change: { kind: 'move', id: 6, parentId: 6 } });
    actor.send({ type: 'node.change', change: { kind: 'delete', id: 404 } });
    expect(calls.changes).toEqual([]);
  });

  it('switches library and forgets the selection', async () => {
    const { actor, calls } = start({}, { selectedId: 6 });
    await idle(actor);
    actor.send({ type: 'library.pick', library: 'download' });
    await idle(actor);
    expect(calls.trees).toEqual(['knowledge', 'download']);
    expect(actor.getSnapshot().context.selectedId).toBeNull();
    expect(actor.getSnapshot().context.tree[0].id).toBe(10);
  });
});

const ids = fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 404);
const name = fc.constantFrom('', ' ', '维护', 'Care', 'x'.repeat(101));
const change: fc.Arbitrary<NodeChange> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), library: fc.constant('knowledge' as const), parentId: ids, name, nameEn: name }),
  fc.record({ kind: fc.constant('rename' as const), library: fc.constant('knowledge' as const), id: ids, parentId: ids, name, nameEn: name, sort: fc.nat(5) }),
  fc.record({ kind: fc.constant('move' as const), id: ids, parentId: ids }),
  fc.record({ kind: fc.constant('delete' as const), id: ids }),
);
const event: fc.Arbitrary<LibraryEditorEvent> = fc.oneof(
  change.map((c) => ({ type: 'node.change' as const, change: c })),
  ids.map((id) => ({ type: 'node.select' as const, id })),
  fc.constantFrom<LibraryEditorEvent>({ type: 'tree.refresh' }, { type: 'tree.reload' }, { type: 'refusal.clear' }, { type: 'articles.reload' }, { type: 'library.pick', library: 'knowledge' }),
  fc.integer({ min: -1, max: 5 }).map((page) => ({ type: 'articles.page' as const, page })),
);

describe('library editor properties', () => {
  it('only ever sends well-formed changes about nodes of the tree, one at a time, and keeps the selection in the tree', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 25 }), fc.array(fc.constantFrom<NodeChangeAnswer | 'throw'>({ kind: 'done', addedId: null }, refused('no'), 'throw'), { maxLength: 25 }), async (events, answers) => {
        const { actor, calls } = start({ change: answers });
        await idle(actor);
        for (const e of events) {
          actor.send(e);
          const snapshot = actor.getSnapshot();
          if (snapshot.hasTag('changing')) expect(snapshot.context.change).not.toBeNull();
          if (snapshot.matches('ready') && snapshot.context.selectedId !== null) expect(findNode(snapshot.context.tree, snapshot.context.selectedId)).not.toBeNull();
          await idle(actor);
        }
        const tree = knowledgeTree();
        for (const sent of calls.changes) {
          expect(isChangeWellFormed(sent)).toBe(true);
          const named = sent.kind === 'add' ? [sent.parentId] : sent.kind === 'move' ? [sent.id, sent.parentId] : [sent.id];
          for (const id of named) expect(findNode(tree, id)).not.toBeNull();
        }
        for (const query of calls.articles) {
          expect(query.offset % 20).toBe(0);
          expect(query.offset).toBeGreaterThanOrEqual(0);
        }
        actor.stop();
      }),
      { numRuns: 60 },
    );
  });
});
