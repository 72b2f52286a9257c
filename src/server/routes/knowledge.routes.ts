import { LIBRARIES, LIBRARY_CONTROLLERS, PUBLIC_LIBRARIES, type ContentLanguage, type Library } from '../../domain/knowledge/library';
import { KnowledgeService } from '../knowledge/knowledge.service';
import { defineRoute, pageOf, PAGING, type ApiRoute } from '../route-kit';
import { fail } from '../services/service-result';
import { langOf } from './cam.routes';

/** An id as clients send it: a number, its digits as text, or "" for none. */
export const ID = { type: ['integer', 'string'], maxLength: 12 } as const;

/** The id in a body field: undefined when absent or empty, null when it is no valid id. */
export function idOf(value: unknown): number | undefined | null {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).trim();
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

const LANGUAGE = { type: 'string', enum: ['zh', 'en', ''] } as const;
const languageOf = (value: string | undefined): ContentLanguage | undefined => (value === 'zh' || value === 'en' ? value : undefined);

interface ContentsBody {
  Id?: number | string;
  NodeId?: number | string;
  Title?: string;
  Lable?: string;
  Series?: string;
  Language?: string;
  PrevPageNums?: number;
  TopNums?: number;
}

const CONTENTS_BODY = {
  type: 'object',
  properties: {
    Id: { ...ID, description: 'One article with its body' },
    NodeId: { ...ID, description: 'The folder and every folder below it' },
    Title: { type: 'string', maxLength: 200 },
    Lable: { type: 'string', maxLength: 100, description: 'Label substring; whitespace is ignored' },
    Series: { type: 'string', maxLength: 50 },
    Language: LANGUAGE,
    ...PAGING.properties,
  },
};

/** The tree and contents calls of one library, its access as spec 3 and ADR 0007 give it. */
function libraryRoutes(library: Library, knowledge: KnowledgeService): ApiRoute[] {
  const names = LIBRARY_CONTROLLERS[library];
  const access = PUBLIC_LIBRARIES.includes(library) ? 'public' : 'customer';
  return [
    defineRoute<{ lang?: string }>({
      controller: names.controller,
      action: names.tree,
      access,
      summary: `The ${library} library's classification tree: [root] with {id, name, parentId, lang, children}`,
      body: { type: 'object', properties: { lang: { type: 'string', maxLength: 10, description: 'zh (default) or en: the language of the names' } } },
      handle: ({ body }) => knowledge.tree(library, langOf(body?.lang)),
    }),
    defineRoute<ContentsBody>({
      controller: names.controller,
      action: names.contents,
      access,
      summary: `Articles of the ${library} library, newest first (or one with its body when Id is given); 暂无数据 when none`,
      body: CONTENTS_BODY,
      async handle({ body }) {
        const id = idOf(body.Id);
        const nodeId = idOf(body.NodeId);
        if (id === null) return fail(400, 'Id must be an article id');
        if (nodeId === null) return fail(400, 'NodeId must be a classification id');
        const page = pageOf(body);
        return knowledge.contents(
          library,
          {
            ...(id !== undefined ? { id } : {}),
            ...(nodeId !== undefined ? { nodeId } : {}),
            ...(body.Title?.trim() ? { title: body.Title.trim() } : {}),
            ...(body.Lable?.trim() ? { label: body.Lable } : {}),
            ...(body.Series?.trim() ? { series: body.Series.trim() } : {}),
            ...(languageOf(body.Language) ? { language: languageOf(body.Language) } : {}),
          },
          { offset: page.offset, limit: body.TopNums === undefined ? 50 : page.limit },
        );
      },
    }),
  ];
}

/** Reading the four libraries (ADR 0007): trees, contents, view counts and full-text search. */
export function knowledgeRoutes(deps: { knowledge: KnowledgeService }): ApiRoute[] {
  const { knowledge } = deps;
  const articleId = { type: 'object', required: ['KnowledgeId'], properties: { KnowledgeId: ID } };
  return [
    ...LIBRARIES.flatMap((library) => libraryRoutes(library, knowledge)),
    defineRoute<{ KnowledgeId: number | string }>({
      controller: 'KnowledgeClassify',
      action: 'SaveTouristVolume',
      access: 'public',
      summary: 'Records a view of an article (any library); ReturnData is the new count',
      body: articleId,
      rateLimit: { max: 120, timeWindow: 60_000 },
      async handle({ body }) {
        const id = idOf(body.KnowledgeId);
        return id ? knowledge.recordView(id) : fail(400, 'KnowledgeId must be an article id');
      },
    }),
    defineRoute<{ KnowledgeId: number | string }>({
      controller: 'KnowledgeClassify',
      action: 'GetTouristVolume',
      access: 'public',
      summary: "An article's view count",
      body: articleId,
      async handle({ body }) {
        const id = idOf(body.KnowledgeId);
        return id ? knowledge.views(id) : fail(400, 'KnowledgeId must be an article id');
      },
    }),
    defineRoute<{ Keyword: string; Language?: string; Library?: string; PrevPageNums?: number; TopNums?: number }>({
      controller: 'KnowledgeClassify',
      action: 'SearchAllowAnonymous',
      access: 'public',
      summary:
        'Full-text search over titles and bodies in Chinese and English, ranked, with highlighted title and snippet. ' +
        'Visitors search the knowledge and download libraries, logged-in callers all four',
      body: {
        type: 'object',
        required: ['Keyword'],
        properties: {
          Keyword: { type: 'string', maxLength: 100 },
          Language: LANGUAGE,
          Library: { type: 'string', enum: [...LIBRARIES, ''] },
          ...PAGING.properties,
        },
      },
      rateLimit: { max: 120, timeWindow: 60_000 },
      async handle({ body, caller }) {
        if (!body.Keyword.trim()) return fail(400, 'Keyword is required');
        const readable = KnowledgeService.readableBy(caller !== null);
        const wanted = body.Library ? (body.Library as Library) : null;
        if (wanted && !readable.includes(wanted)) return fail(403, 'Log in to search this library');
        const page = pageOf(body);
        const language = languageOf(body.Language);
        return knowledge.searchCall(body.Keyword, {
          libraries: wanted ? [wanted] : readable,
          ...(language ? { language } : {}),
          page: { offset: page.offset, limit: body.TopNums === undefined ? 10 : page.limit },
        });
      },
    }),
  ];
}
