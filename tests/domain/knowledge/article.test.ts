import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { articleMachine, isArticleId, type ArticleRef } from '../../../src/domain/knowledge/article.machine';
import type { Article, ArticleAnswer, Library, ViewsAnswer } from '../../../src/domain/knowledge/library';
import { refused } from '../../../src/domain/shared/refused';
import { row } from './knowledge-fixtures';

const article = (id: number): Article => ({ ...row(id, 12), HtmlContent: '<p>Body</p>', Attachments: [] });
const found = (id: number): ArticleAnswer => ({ kind: 'found', article: article(id) });

function start(ref: ArticleRef, load: (r: ArticleRef) => ArticleAnswer | Error, record: (r: ArticleRef) => ViewsAnswer | Error = () => ({ kind: 'views', views: 8 })) {
  const calls: string[] = [];
  const actor = createActor(
    articleMachine.provide({
      actors: {
        loadArticle: fromPromise(async ({ input }) => {
          calls.push(`load:${input.library}:${input.id}`);
          const answer = load(input);
          if (answer instanceof Error) throw answer;
          return answer;
        }),
        recordView: fromPromise(async ({ input }) => {
          calls.push(`view:${input.id}`);
          const answer = record(input);
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
    }),
    { input: ref },
  );
  actor.start();
  return { actor, calls };
}

const done = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy') && s.matches({ views: 'done' }));

describe('article machine', () => {
  it('loads the article of its library and records one view, showing the count recorded', async () => {
    const { actor, calls } = start({ library: 'guide', id: 5 }, () => found(5));
    await done(actor);
    expect(calls.sort()).toEqual(['load:guide:5', 'view:5']);
    expect(actor.getSnapshot().matches({ content: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ article: { Id: 5, HtmlContent: '<p>Body</p>' }, views: 8 });
  });

  it('is missing for an article not there (unknown id, another library) and for ids that are not ids', async () => {
    const missing = start({ library: 'download', id: 9 }, () => ({ kind: 'missing' }));
    await done(missing.actor);
    expect(missing.actor.getSnapshot().matches({ content: 'missing' })).toBe(true);

    const bad = start({ library: 'knowledge', id: Number.NaN }, () => found(1));
    await done(bad.actor);
    expect(bad.actor.getSnapshot().matches({ content: 'missing' })).toBe(true);
    expect(bad.calls).toEqual([]);
  });

  it('keeps the article count when the view is not recorded, and retries a failed load', async () => {
    let fail = true;
    const { actor } = start(
      { library: 'knowledge', id: 3 },
      () => (fail ? refused('Database down') : found(3)),
      () => new Error('network'),
    );
    await done(actor);
    expect(actor.getSnapshot().matches({ content: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Database down');
    fail = false;
    actor.send({ type: 'article.reload' });
    await done(actor);
    expect(actor.getSnapshot().context).toMatchObject({ views: null, article: { ViewCount: 3 } });
  });

  it('property: a view is recorded exactly once per opened id; the count shown is never negative', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Library>('knowledge', 'download', 'guide', 'faults'),
        fc.oneof(fc.integer({ min: -3, max: 50 }), fc.constant(Number.NaN), fc.double()),
        fc.oneof(
          fc.integer({ min: -5, max: 100 }).map((views): ViewsAnswer => ({ kind: 'views', views })),
          fc.constantFrom<ViewsAnswer>({ kind: 'views', views: Number.NaN }, refused(''), refused('Too many requests')),
        ),
        fc.boolean(),
        async (library, id, count, exists) => {
          const { actor, calls } = start(
            { library, id },
            (r) => (exists ? found(r.id) : { kind: 'missing' }),
            () => count,
          );
          await done(actor);
          actor.send({ type: 'article.reload' });
          await done(actor);
          const views = calls.filter((c) => c.startsWith('view:'));
          expect(views).toHaveLength(isArticleId(id) ? 1 : 0);
          const shown = actor.getSnapshot().context.views;
          expect(shown === null || shown >= 0).toBe(true);
          expect(actor.getSnapshot().matches({ content: exists && isArticleId(id) ? 'ready' : 'missing' })).toBe(true);
        },
      ),
      { numRuns: 80 },
    );
  });
});
