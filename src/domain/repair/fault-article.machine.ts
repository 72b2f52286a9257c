import { fromPromise, setup } from 'xstate';
import type { ArticleRow } from '../knowledge/library';
import type { Language } from '../accounts/language';

/** The alarm code as the fault articles label it (E101, E203...): letters and digits only. */
export const faultLabelOf = (value: string): string => value.trim().toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 12);

/** The fault article for a label: the first whose labels hold it as a word, else the first found. */
export function faultArticleFor(rows: readonly ArticleRow[], label: string): ArticleRow | null {
  return rows.find((r) => r.Lable.toUpperCase().split(/[\s,，;；]+/).includes(label)) ?? rows[0] ?? null;
}

/**
 * `/fault/:code` (the live pages and the error log link an alarm here): finds the self-service fault
 * article whose label holds the alarm code and opens it (`openArticle`), or the self-service page
 * when none does, the code is empty or the search fails (`openSelfService`).
 */
export const faultArticleMachine = setup({
  types: {
    context: {} as { label: string; language: Language },
    input: {} as { code: string; language: Language },
  },
  actors: {
    findArticles: fromPromise<ArticleRow[], { label: string; language: Language }>(async () => {
      throw new Error('faultArticle: findArticles not provided');
    }),
  },
  guards: {
    hasLabel: ({ context }) => context.label !== '',
  },
  actions: {
    openArticle: (_, _params: { id: number; nodeId: number }) => {},
    openSelfService: () => {},
  },
}).createMachine({
  id: 'faultArticle',
  context: ({ input }) => ({ label: faultLabelOf(input.code), language: input.language }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasLabel', target: 'finding' }, { target: 'selfService' }] },
    finding: {
      invoke: {
        src: 'findArticles',
        input: ({ context }) => ({ label: context.label, language: context.language }),
        onDone: [
          {
            guard: ({ context, event }) => faultArticleFor(event.output, context.label) !== null,
            target: 'article',
            actions: {
              type: 'openArticle',
              params: ({ context, event }) => {
                const article = faultArticleFor(event.output, context.label)!;
                return { id: article.Id, nodeId: article.NodeId };
              },
            },
          },
          { target: 'selfService' },
        ],
        onError: { target: 'selfService' },
      },
    },
    article: { type: 'final' },
    selfService: { type: 'final', entry: 'openSelfService' },
  },
});
