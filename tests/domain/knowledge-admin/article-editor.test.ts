import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { isDraftValid, type SaveArticleRequest } from '../../../src/domain/knowledge-admin/article-draft';
import {
  articleEditorMachine,
  ATTACHMENT_MAX_BYTES,
  type AdminArticle,
  type AdminArticleAnswer,
  type ArticleEditorEvent,
  type ArticleEditorInput,
  type DoneAnswer,
  type SaveArticleAnswer,
} from '../../../src/domain/knowledge-admin/article-editor.machine';
import type { Attachment } from '../../../src/domain/knowledge/library';
import { refused } from '../../../src/domain/shared/refused';

const ARTICLE: AdminArticle = {
  Id: 42,
  NodeId: 6,
  Library: 'knowledge',
  Title: 'Nozzle care',
  Lable: 'nozzle',
  Series: 'G',
  Language: 'en',
  CreateTime: '2026-03-02T00:00:00Z',
  ViewCount: 7,
  HtmlContent: '<p>Clean it.</p>',
  Attachments: [{ Id: 'f1', FileName: 'manual.pdf', Size: 2048, Url: '/api/Knowledge/File/f1/manual.pdf' }],
};

interface Script {
  load?: Array<AdminArticleAnswer | 'throw'>;
  save?: Array<SaveArticleAnswer | 'throw'>;
  remove?: Array<DoneAnswer | 'throw'>;
  del?: Array<DoneAnswer | 'throw'>;
}

function start(input: Partial<ArticleEditorInput> = {}, script: Script = {}) {
  const calls = { saves: [] as SaveArticleRequest[], deletes: [] as number[], attaches: [] as Array<{ articleId: number; name: string }>, removes: [] as string[], notes: [] as string[] };
  const take = <T,>(queue: Array<T | 'throw'> | undefined, fallback: T): T => {
    const next = queue?.shift() ?? fallback;
    if (next === 'throw') throw new Error('network');
    return next;
  };
  const actor = createActor(
    articleEditorMachine.provide({
      actors: {
        loadArticle: fromPromise(async () => take<AdminArticleAnswer>(script.load, { kind: 'found', article: ARTICLE })),
        saveArticle: fromPromise(async ({ input }) => {
          calls.saves.push(input);
          return take<SaveArticleAnswer>(script.save, { kind: 'saved', id: input.Id ?? 77 });
        }),
        deleteArticle: fromPromise(async ({ input }) => {
          calls.deletes.push(input.id);
          return take<DoneAnswer>(script.del, { kind: 'done' });
        }),
        attachFile: fromPromise(async ({ input }) => {
          calls.attaches.push({ articleId: input.articleId, name: input.file.name });
          const file: Attachment = { Id: `f-${input.file.name}`, FileName: input.file.name, Size: input.file.size, Url: `/api/Knowledge/File/x/${input.file.name}` };
          return { kind: 'attached' as const, attachment: file };
        }),
        removeAttachment: fromPromise(async ({ input }) => {
          calls.removes.push(input.id);
          return take<DoneAnswer>(script.remove, { kind: 'done' });
        }),
      },
      actions: {
        notifySaved: (_, p) => void calls.notes.push(p.created ? `created:${p.id}` : `saved:${p.id}`),
        notifyDeleted: () => void calls.notes.push('deleted'),
        notifyAttachments: (_, p) => void calls.notes.push(`attachment:${p.change}`),
        notifyTooLarge: () => void calls.notes.push('tooLarge'),
        notifyRefused: (_, p) => void calls.notes.push(`refused:${p.message}`),
        notifyInvalid: () => void calls.notes.push('invalid'),
      },
    }),
    { input: { library: 'knowledge', id: null, language: 'en', ...input } },
  );
  actor.start();
  return { actor, calls };
}

type Actor = ReturnType<typeof start>['actor'];
const settle = (actor: Actor) => waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 1000 });
const fill = (actor: Actor, values: Partial<Record<'title' | 'label' | 'series' | 'html', string>> & { nodeId?: number | null }) => {
  for (const [field, value] of Object.entries(values)) actor.send({ type: 'form.change', field: field as 'title', value: value as string });
};

describe('article editor', () => {
  it('writes a new article: rules first, then SaveArticle, then it has an id', async () => {
    const { actor, calls } = start({ nodeId: 6 });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      title: 'knowledgeAdmin.article.error.titleRequired',
      html: 'knowledgeAdmin.article.error.bodyRequired',
    });
    expect(calls.notes).toEqual(['invalid']);
    // Errors follow the typing after the first submit.
    fill(actor, { title: 'Nozzle care' });
    expect(actor.getSnapshot().context.errors.title).toBeUndefined();
    fill(actor, { html: '<h2>Check</h2><p><b>Daily</b></p>', label: ' noz zle ', series: 'G' });
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(calls.saves).toEqual([{ NodeId: 6, Title: 'Nozzle care', Lable: 'nozzle', Series: 'G', Language: 'en', HtmlContent: '<h2>Check</h2><p><b>Daily</b></p>' }]);
    expect(calls.notes).toContain('created:77');
    expect(actor.getSnapshot().context.id).toBe(77);
    expect(actor.getSnapshot().context.dirty).toBe(false);
    // Saving again changes the same article.
    fill(actor, { title: 'Nozzle care 2' });
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(calls.saves[1]).toMatchObject({ Id: 77, Title: 'Nozzle care 2' });
    expect(calls.notes).toContain('saved:77');
  });

  it('asks for a folder', () => {
    const { actor, calls } = start();
    fill(actor, { title: 't', html: '<p>x</p>' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ nodeId: 'knowledgeAdmin.article.error.folderRequired' });
    expect(calls.saves).toEqual([]);
  });

  it('loads an article to edit with its attachments', async () => {
    const { actor } = start({ id: 42 });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await settle(actor);
    const context = actor.getSnapshot().context;
    expect(context.draft).toEqual({ title: 'Nozzle care', label: 'nozzle', series: 'G', language: 'en', nodeId: 6, html: '<p>Clean it.</p>' });
    expect(context.initialHtml).toBe('<p>Clean it.</p>');
    expect(context.attachments).toHaveLength(1);
  });

  it('shows a load failure and tries again', async () => {
    const { actor } = start({ id: 42 }, { load: [refused('The article does not exist')] });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.loadError).toBe('The article does not exist');
    actor.send({ type: 'article.reload' });
    await waitFor(actor, (s) => s.matches('editing'));
  });

  it('keeps the server refusal of a save', async () => {
    const { actor, calls } = start({ id: 42 }, { save: [refused('The folder holds Chinese articles')] });
    await settle(actor);
    actor.send({ type: 'form.submit' });
    await settle(actor);
    expect(actor.getSnapshot().context.refusal).toBe('The folder holds Chinese articles');
    expect(calls.notes).toEqual(['refused:The folder holds Chinese articles']);
    // Typing clears it.
    fill(actor, { title: 'x' });
    expect(actor.getSnapshot().context.refusal).toBe('');
  });

  it('attaches and removes files once the article exists', async () => {
    const { actor, calls } = start({ nodeId: 6 });
    actor.send({ type: 'attachment.add', file: { name: 'early.zip', size: 10 } });
    expect(calls.attaches).toEqual([]);
    const { actor: editing, calls: editCalls } = start({ id: 42 });
    await settle(editing);
    editing.send({ type: 'attachment.add', file: { name: 'huge.zip', size: ATTACHMENT_MAX_BYTES + 1 } });
    expect(editCalls.notes).toEqual(['tooLarge']);
    editing.send({ type: 'attachment.add', file: { name: 'setup.exe', size: 1000 } });
    await settle(editing);
    expect(editCalls.attaches).toEqual([{ articleId: 42, name: 'setup.exe' }]);
    expect(editing.getSnapshot().context.attachments.map((a) => a.FileName)).toEqual(['manual.pdf', 'setup.exe']);
    editing.send({ type: 'attachment.remove', id: 'f1' });
    await settle(editing);
    expect(editCalls.removes).toEqual(['f1']);
    expect(editing.getSnapshot().context.attachments.map((a) => a.FileName)).toEqual(['setup.exe']);
    editing.send({ type: 'attachment.remove', id: 'nope' });
    expect(editCalls.removes).toEqual(['f1']);
    actor.stop();
  });

  it('deletes only a saved article, and ends', async () => {
    const fresh = start({ nodeId: 6 });
    fresh.actor.send({ type: 'article.delete' });
    expect(fresh.calls.deletes).toEqual([]);
    const { actor, calls } = start({ id: 42 });
    await settle(actor);
    actor.send({ type: 'article.delete' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.deletes).toEqual([42]);
    expect(calls.notes).toEqual(['deleted']);
  });
});

const field = fc.oneof(
  fc.record({ field: fc.constant('title' as const), value: fc.constantFrom('', '  ', 'Nozzle', 'x'.repeat(201)) }),
  fc.record({ field: fc.constant('html' as const), value: fc.constantFrom('', '<p><br></p>', '<p>text</p>', '<p><img src="/a.png" alt=""></p>') }),
  fc.record({ field: fc.constant('nodeId' as const), value: fc.constantFrom<number | null>(null, 6, 7) }),
  fc.record({ field: fc.constant('label' as const), value: fc.constantFrom('', 'a b', 'x'.repeat(101)) }),
  fc.record({ field: fc.constant('series' as const), value: fc.constantFrom('', 'G', 'x'.repeat(51)) }),
  fc.record({ field: fc.constant('language' as const), value: fc.constantFrom('zh', 'en') }),
);
const event: fc.Arbitrary<ArticleEditorEvent> = fc.oneof(
  field.map((f) => ({ type: 'form.change' as const, ...f })),
  fc.constantFrom<ArticleEditorEvent>({ type: 'form.submit' }, { type: 'article.delete' }, { type: 'article.reload' }, { type: 'attachment.remove', id: 'f1' }),
  fc.nat(10).map((size) => ({ type: 'attachment.add' as const, file: { name: `f${size}.bin`, size } })),
);

describe('article editor properties', () => {
  it('never saves an invalid draft, never attaches to an unsaved article, never deletes one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(event, { maxLength: 20 }), async (existing, events) => {
        const { actor, calls } = start(existing ? { id: 42 } : { nodeId: null });
        await settle(actor);
        for (const e of events) {
          const before = actor.getSnapshot();
          const wasNew = before.context.id === null;
          const attachesBefore = calls.attaches.length;
          const deletesBefore = calls.deletes.length;
          actor.send(e);
          await settle(actor);
          if (wasNew) {
            expect(calls.attaches.length).toBe(attachesBefore);
            expect(calls.deletes.length).toBe(deletesBefore);
          }
          if (actor.getSnapshot().status === 'done') break;
        }
        for (const sent of calls.saves) {
          expect(isDraftValid({ title: sent.Title, label: sent.Lable, series: sent.Series, language: sent.Language, nodeId: sent.NodeId, html: sent.HtmlContent })).toBe(true);
          expect(sent.Lable).not.toMatch(/\s/);
        }
        actor.stop();
      }),
      { numRuns: 80 },
    );
  });
});
