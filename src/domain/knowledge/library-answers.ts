import { isNoData } from '../shared/no-data';
import type { Envelope } from '../shared/envelope';
import type { ArticleRow, TreeNode } from './library';

/** What a list answer of the knowledge calls means to a page. */
export type ListAnswer<T> = { kind: 'list'; rows: T[]; total: number } | { kind: 'refused'; info: string };

/**
 * Reads a contents or search answer (spec 3 section 8): code 200 with rows, or the no-data marker
 * in ReturnData or info (an empty list, whatever the code), or a refusal whose info is shown.
 */
export function readList<T>(answer: Envelope<unknown>): ListAnswer<T> {
  if (isNoData(answer.ReturnData) || isNoData(answer.info)) return { kind: 'list', rows: [], total: 0 };
  if (answer.code !== 200) return { kind: 'refused', info: String(answer.info ?? '') };
  const rows = Array.isArray(answer.ReturnData) ? (answer.ReturnData as T[]) : [];
  const total = typeof answer.ReturnCount === 'number' && answer.ReturnCount >= rows.length ? answer.ReturnCount : rows.length;
  return { kind: 'list', rows, total };
}

/** Reads a tree answer: `[root]` on code 200, a refusal otherwise (401 for a visitor on the guide). */
export function readTree(answer: Envelope<unknown>): { kind: 'tree'; roots: TreeNode[] } | { kind: 'refused'; info: string } {
  if (answer.code !== 200) return { kind: 'refused', info: String(answer.info ?? '') };
  return { kind: 'tree', roots: Array.isArray(answer.ReturnData) ? (answer.ReturnData as TreeNode[]) : [] };
}

/** The folders the rows of a label search sit in. */
export const rowFolders = (rows: readonly ArticleRow[]): number[] => [...new Set(rows.map((row) => row.NodeId))];
