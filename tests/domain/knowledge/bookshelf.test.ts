import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bookshelfMachine, type BookshelfEvent } from '../../../src/domain/knowledge/bookshelf.machine';
import type { ContentLanguage, TreeAnswer } from '../../../src/domain/knowledge/library';
import { refused } from '../../../src/domain/shared/refused';
import { knowledgeTree } from './knowledge-fixtures';

const tree = (lang: ContentLanguage): TreeAnswer => ({ kind: 'tree', roots: knowledgeTree(lang) });

function start(answer: (lang: ContentLanguage) => TreeAnswer | Error = tree) {
  const asked: ContentLanguage[] = [];
  const actor = createActor(
    bookshelfMachine.provide({
      actors: {
        loadTree: fromPromise(async ({ input }) => {
          asked.push(input.lang);
          const result = answer(input.lang);
          if (result instanceof Error) throw result;
          return result;
        }),
      },
    }),
    { input: { lang: 'zh' } },
  );
  actor.start();
  return { actor, asked };
}

describe('bookshelf machine', () => {
  it('shows the top classifications named in the page language, and loads again in the other', async () => {
    const { actor, asked } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.books).toEqual([
      { id: 10, name: '板材激光切割机', folders: 3 },
      { id: 20, name: '激光切管机', folders: 0 },
    ]);
    actor.send({ type: 'lang.set', lang: 'en' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.books.map((b) => b.name)).toEqual(['Sheet laser cutting machines', 'Tube laser cutting machines']);
    expect(asked).toEqual(['zh', 'en']);
  });

  it("fails with the server's message and loads again on reload", async () => {
    let fail = true;
    const { actor } = start((lang) => (fail ? refused('down') : tree(lang)));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('down');
    fail = false;
    actor.send({ type: 'shelf.reload' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.books).toHaveLength(2);
  });

  it('property: the books shown are always named in the language they were asked in', async () => {
    const eventArb = fc.oneof(
      fc.constantFrom<ContentLanguage>('zh', 'en').map((lang): BookshelfEvent | { type: 'settle' } => ({ type: 'lang.set', lang })),
      fc.constant<BookshelfEvent | { type: 'settle' }>({ type: 'shelf.reload' }),
      fc.constant<BookshelfEvent | { type: 'settle' }>({ type: 'settle' }),
    );
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(eventArb, { maxLength: 15 }), async (s, events) => {
        const actor = createActor(
          bookshelfMachine.provide({
            actors: { loadTree: fromPromise(({ input }) => s.schedule(Promise.resolve(tree(input.lang)))) },
          }),
          { input: { lang: 'zh' } },
        );
        const problems: string[] = [];
        actor.subscribe((snapshot) => {
          if (!snapshot.matches('ready')) return;
          const english = snapshot.context.books.every((b) => /machines$/.test(b.name));
          if (english !== (snapshot.context.lang === 'en')) problems.push(`${snapshot.context.lang} shelf shows ${snapshot.context.books[0]?.name}`);
          if (snapshot.context.booksLang !== snapshot.context.lang) problems.push('books of another language');
        });
        actor.start();
        for (const event of events) {
          if (event.type === 'settle') {
            if (s.count() > 0) await s.waitNext(1);
          } else actor.send(event);
        }
        await s.waitIdle();
        expect(problems).toEqual([]);
        expect(actor.getSnapshot().matches('ready')).toBe(true);
        actor.stop();
      }),
      { numRuns: 50 },
    );
  });
});
