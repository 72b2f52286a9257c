import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ArticleRow } from '../../../src/domain/knowledge/library';
import { faultArticleFor, faultArticleMachine, faultLabelOf } from '../../../src/domain/repair/fault-article.machine';
import { faultSummaryMachine, type FaultSummaryEvent, type MonthFaultsAnswer, type PartFaultsAnswer } from '../../../src/domain/repair/fault-summary.machine';
import type { SparePartOption } from '../../../src/domain/repair/work-order-row';

const FC = { numRuns: 100, seed: Number(process.env.FC_SEED ?? 20261202) };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the fault summary machine (spec 3 section 4)', () => {
  it('shows the counts of the last language and the months of the last part chosen, however slow the answers', async () => {
    const summaryEvent: fc.Arbitrary<FaultSummaryEvent> = fc.oneof(
      fc.record({ type: fc.constant('part.choose' as const), partId: fc.constantFrom(null, 1, 7) }),
      fc.record({ type: fc.constant('language.change' as const), language: fc.constantFrom('zh' as const, 'en' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(summaryEvent, { maxLength: 10 }), fc.infiniteStream(fc.integer({ min: 0, max: 3 })), async (events, delays) => {
        const later = async <T>(value: T) => {
          for (let i = delays.next().value; i > 0; i--) await tick();
          return value;
        };
        const actor = createActor(
          faultSummaryMachine.provide({
            actors: {
              loadParts: fromPromise(({ input }) => later([{ id: 1, name: `parts ${input.language}` }])),
              loadPerPart: fromPromise(({ input }) => later({ kind: 'list' as const, parts: [{ id: 1, name: `count ${input.language}`, count: 2 }] })),
              loadPerMonth: fromPromise(({ input }) => later({ kind: 'list' as const, months: [{ date: '2026-12', counts: [{ name: `${input.partId} ${input.language}`, count: 1 }] }] })),
            },
          }),
          { input: { language: 'en' } },
        ).start();
        for (const event of events) {
          actor.send(event);
          if (delays.next().value === 0) await tick();
        }
        await waitFor(actor, (s) => !s.hasTag('loading') && s.matches({ parts: 'ready' }));
        const { language, partId, parts, perPart, months } = actor.getSnapshot().context;
        expect([parts[0]!.name, perPart[0]!.name, months[0]!.counts[0]!.name]).toEqual([`parts ${language}`, `count ${language}`, `${partId} ${language}`]);
        actor.stop();
      }),
      FC,
    );
  });

  it('tells each failed load by its own action and keeps what the others showed', async () => {
    const told: string[] = [];
    const actor = createActor(
      faultSummaryMachine.provide({
        actors: {
          loadParts: fromPromise(async (): Promise<SparePartOption[]> => {
            throw new Error('offline');
          }),
          loadPerPart: fromPromise(async (): Promise<PartFaultsAnswer> => ({ kind: 'list', parts: [{ id: 1, name: 'Nozzle', count: 2 }] })),
          loadPerMonth: fromPromise(async (): Promise<MonthFaultsAnswer> => ({ kind: 'refused', message: 'no' })),
        },
        actions: {
          notifyPartsFailed: () => told.push('parts'),
          notifyCountFailed: () => told.push('count'),
          notifyDateFailed: () => told.push('date'),
        },
      }),
      { input: { language: 'zh' } },
    ).start();
    await waitFor(actor, (s) => !s.hasTag('loading') && s.matches({ parts: 'ready' }));
    expect(told.sort()).toEqual(['date', 'parts']);
    expect(actor.getSnapshot().context.perPart).toEqual([{ id: 1, name: 'Nozzle', count: 2 }]);
  });
});

describe('the fault article of an alarm (/fault/:code)', () => {
  const article = (Id: number, Lable: string): ArticleRow => ({ Id, NodeId: 9, Title: `article ${Id}`, Lable, Series: '', Language: 'en', CreateTime: '', ViewCount: 0 });

  it('opens the article labelled with the code as a word, else the first found, else the self-service page', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('E203', ' e-203 ', '', '***'),
        fc.array(fc.constantFrom('E2030', 'E203', 'E101, E203', 'E410；E203', 'other'), { maxLength: 4 }),
        fc.boolean(),
        async (code, labels, fails) => {
          const opened: string[] = [];
          const asked: string[] = [];
          const rows = labels.map((l, i) => article(i + 1, l));
          const actor = createActor(
            faultArticleMachine.provide({
              actors: {
                findArticles: fromPromise(async ({ input }) => {
                  asked.push(input.label);
                  if (fails) throw new Error('offline');
                  return rows;
                }),
              },
              actions: { openArticle: (_, { id }) => opened.push(`article ${id}`), openSelfService: () => opened.push('self') },
            }),
            { input: { code, language: 'en' } },
          ).start();
          await waitFor(actor, (s) => s.status === 'done');
          const label = faultLabelOf(code);
          expect(asked).toEqual(label ? [label] : []);
          const expected = !label || fails ? null : faultArticleFor(rows, label);
          expect(opened).toEqual([expected ? `article ${expected.Id}` : 'self']);
          if (expected && rows.some((r) => r.Lable.toUpperCase().split(/[\s,，;；]+/).includes(label))) expect(expected.Lable).toMatch(new RegExp(`(^|[\\s,，;；])${label}($|[\\s,，;；])`));
        },
      ),
      FC,
    );
  });
});
