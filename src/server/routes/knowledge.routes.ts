import * as Knowledge from '../../contract/knowledge';
import { LIBRARIES, readableLibraries, type Library } from '../../domain/knowledge/library';
import { CONTENTS_PAGE_SIZE, SEARCH_PAGE_SIZE, type KnowledgeService } from '../services/knowledge/knowledge.service';
import { defineRoute, langOf, pageOf, type ApiRoute } from '../route-kit';

/** The page a body asks for, `size` rows when it names none. */
const pageWithDefault = (body: { PrevPageNums?: number; TopNums?: number }, size: number) => pageOf({ PrevPageNums: body.PrevPageNums, TopNums: body.TopNums ?? size });

/** The tree and contents calls of one library; visitors reach the libraries they may read (ADR 0007). */
function libraryRoutes(library: Library, knowledge: KnowledgeService): ApiRoute[] {
  const calls = Knowledge.LIBRARY_CALLS[library];
  // A closed library is open to every signed-in person, whatever their company role.
  const access = readableLibraries(false).includes(library) ? ({ access: 'public' } as const) : ({ access: 'customer', needs: 'self' } as const);
  return [
    defineRoute({
      call: calls.tree,
      ...access,
      handle: ({ body }) => knowledge.tree(library, langOf(body?.lang)),
    }),
    defineRoute({
      call: calls.contents,
      ...access,
      handle: ({ body }) =>
        knowledge.contents(
          library,
          { id: body.Id, nodeId: body.NodeId, title: body.Title, label: body.Lable, series: body.Series, language: body.Language },
          pageWithDefault(body, CONTENTS_PAGE_SIZE),
        ),
    }),
  ];
}

/** Reading the four libraries (ADR 0007): trees, contents, view counts and full-text search. */
export function knowledgeRoutes(deps: { knowledge: KnowledgeService }): ApiRoute[] {
  const { knowledge } = deps;
  return [
    ...LIBRARIES.flatMap((library) => libraryRoutes(library, knowledge)),
    defineRoute({
      call: Knowledge.SaveTouristVolume,
      access: 'public',
      rateLimit: { max: 120, timeWindow: 60_000 },
      handle: ({ body }) => knowledge.recordView(body.KnowledgeId),
    }),
    defineRoute({
      call: Knowledge.GetTouristVolume,
      access: 'public',
      handle: ({ body }) => knowledge.views(body.KnowledgeId),
    }),
    defineRoute({
      call: Knowledge.SearchAllowAnonymous,
      access: 'public',
      rateLimit: { max: 120, timeWindow: 60_000 },
      handle: ({ body, caller }) =>
        knowledge.searchFor({ keyword: body.Keyword, library: body.Library, language: body.Language, signedIn: caller !== null }, pageWithDefault(body, SEARCH_PAGE_SIZE)),
    }),
  ];
}
