import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  knowledgeSearchMachine,
  searchRequest,
  type KnowledgeSearchEvent,
  type SearchRequest,
} from '../../../src/domain/knowledge/knowledge-search.machine';
import type { Library, ListAnswer, SearchHit } from '../../../src/domain/knowledge/library';
import { refused } from '../../../src/domain/shared/refused';

const keyOf = (r: SearchRequest) => `${r.keyword}|${r.library}|${r.language}|${r.offset}|${r.size}`;

const hit = (id: number, title: string): SearchHit => ({
  Id: id,
  NodeId: 12,
  Library: 'knowledge',
  Title: title,
  TitleHtml: title,
  Snippet: '…',
  Lable: '',
  Series: '',
  Language: 'zh',
  CreateTime: '2026-03-02T08:00:00.000Z',
});

type Answer = ListAnswer<SearchHit>;

const hitsFor = (r: SearchRequest, total = 23): Answer => ({
  kind: 'list',
  rows: Array.from({ length: Math.max(0, Math.min(r.size, total - r.offset)) }, (_, i) => hit(r.offset + i + 1, keyOf(r))),
  total,
});

function start(answer: (r: SearchRequest) => Answer | Error = (r) => hitsFor(r), libraries: Library[] = ['knowledge', 'download']) {
  const requests: SearchRequest[] = [];
  const actor = createActor(
    knowledgeSearchMachine.provide({
      actors: {
        search: fromPromise(async ({ input }) => {
          requests.push(input);
          const result = answer(input);
          if (result instanceof Error) throw result;
          return result;
        }),
      },
    }),
    { input: { libraries } },
  );
  actor.start();
  return { actor, requests };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('knowledge search machine', () => {
  it('searches the trimmed keyword, pages, and narrows by library and language from the first page', async () => {
    const { actor, requests } = start();
    actor.send({ type: 'keyword.change', text: '  喷嘴   更换 ' });
    actor.send({ type: 'search.submit' });
    await settled(actor);
    expect(requests).toEqual([{ keyword: '喷嘴 更换', library: '', language: '', offset: 0, size: 10 }]);
    expect(actor.getSnapshot().context).toMatchObject({ total: 23 });
    expect(actor.getSnapshot().context.hits).toHaveLength(10);

    actor.send({ type: 'page.set', page: 3 });
    await settled(actor);
    expect(requests.at(-1)).toMatchObject({ offset: 20 });
    actor.send({ type: 'library.set', library: 'download' });
    await settled(actor);
    expect(requests.at(-1)).toEqual({ keyword: '喷嘴 更换', library: 'download', language: '', offset: 0, size: 10 });
    actor.send({ type: 'language.set', language: 'en' });
    await settled(actor);
    expect(requests.at(-1)).toMatchObject({ library: 'download', language: 'en', offset: 0 });
  });

  it('never sends an empty keyword; chips before a search only remember the choice', async () => {
    const { actor, requests } = start();
    actor.send({ type: 'search.submit' });
    actor.send({ type: 'keyword.change', text: '   ' });
    actor.send({ type: 'search.submit' });
    actor.send({ type: 'library.set', library: 'knowledge' });
    actor.send({ type: 'language.set', language: 'zh' });
    actor.send({ type: 'page.set', page: 2 });
    expect(requests).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({ library: 'knowledge', language: 'zh' });
  });

  it('offers only the libraries it was given', () => {
    const { actor } = start(undefined, ['knowledge', 'download']);
    actor.send({ type: 'library.set', library: 'guide' });
    expect(actor.getSnapshot().context.library).toBe('');
  });

  it('shows no hits for an empty list, a refusal with its message, retries, and clears', async () => {
    let answer: Answer | Error = { kind: 'list', rows: [], total: 0 };
    const { actor } = start(() => answer);
    actor.send({ type: 'keyword.change', text: 'xyz' });
    actor.send({ type: 'search.submit' });
    await settled(actor);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.hits).toEqual([]);
    answer = refused('Too many requests');
    actor.send({ type: 'search.submit' });
    await settled(actor);
    expect(actor.getSnapshot().context.error).toBe('Too many requests');
    answer = hitsFor({ keyword: 'xyz', library: '', language: '', offset: 0, size: 10 }, 1);
    actor.send({ type: 'search.retry' });
    await settled(actor);
    expect(actor.getSnapshot().context.hits).toHaveLength(1);
    actor.send({ type: 'search.clear' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ draft: '', keyword: '', hits: [] });
  });
});

const eventArb: fc.Arbitrary<KnowledgeSearchEvent | { type: 'settle' }> = fc.oneof(
  fc.constantFrom('', '  ', '喷嘴', 'nozzle  check', ' 切割 ').map((text) => ({ type: 'keyword.change' as const, text })),
  fc.constant({ type: 'search.submit' as const }),
  fc.constantFrom<Library | ''>('', 'knowledge', 'download', 'guide').map((library) => ({ type: 'library.set' as const, library })),
  fc.constantFrom<'' | 'zh' | 'en'>('', 'zh', 'en').map((language) => ({ type: 'language.set' as const, language })),
  fc.integer({ min: -1, max: 4 }).map((page) => ({ type: 'page.set' as const, page })),
  fc.constant({ type: 'search.clear' as const }),
  fc.constant({ type: 'settle' as const }),
  fc.constant({ type: 'settle' as const }),
);

describe('knowledge search properties', () => {
  it('never sends an empty keyword or a library it does not offer, and never shows hits of an overtaken request', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(eventArb, { maxLength: 25 }), async (s, events) => {
        const requests: SearchRequest[] = [];
        const actor = createActor(
          knowledgeSearchMachine.provide({
            actors: {
              search: fromPromise(({ input }) => {
                requests.push(input);
                return s.schedule(Promise.resolve(hitsFor(input)));
              }),
            },
          }),
          { input: { libraries: ['knowledge', 'download'] } },
        );
        const problems: string[] = [];
        actor.subscribe((snapshot) => {
          if (!snapshot.matches('ready')) {
            if (snapshot.matches('idle') && snapshot.context.hits.length) problems.push('hits while idle');
            return;
          }
          const key = keyOf(searchRequest(snapshot.context));
          for (const h of snapshot.context.hits) if (h.Title !== key) problems.push(`hit of ${h.Title} shown for ${key}`);
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
        for (const r of requests) {
          expect(r.keyword.trim()).not.toBe('');
          expect(r.keyword).toBe(r.keyword.trim());
          expect(['', 'knowledge', 'download']).toContain(r.library);
          expect(r.offset % r.size).toBe(0);
        }
        const last = actor.getSnapshot();
        if (last.context.keyword) expect(requests.at(-1)).toEqual(searchRequest(last.context));
        actor.stop();
      }),
      { numRuns: 60 },
    );
  });
});
