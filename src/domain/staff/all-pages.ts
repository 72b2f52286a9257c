import type { PageAnswer } from './paged-list.machine';

/** The size of each page asked for while collecting a whole list (the server's largest TopNums). */
export const COLLECT_PAGE_SIZE = 100;

/**
 * Every row of a paged list, page after page of `COLLECT_PAGE_SIZE`, until a short page or the total
 * (a refusal or a 403 ends it with what came before): the leads export writes them all.
 */
export async function allPages<Row>(load: (page: { offset: number; size: number }) => Promise<PageAnswer<Row>>): Promise<Row[]> {
  const all: Row[] = [];
  for (let offset = 0; ; offset += COLLECT_PAGE_SIZE) {
    const answer = await load({ offset, size: COLLECT_PAGE_SIZE });
    if (answer.kind !== 'page') return all;
    all.push(...answer.rows);
    if (answer.rows.length < COLLECT_PAGE_SIZE || all.length >= answer.total) return all;
  }
}
