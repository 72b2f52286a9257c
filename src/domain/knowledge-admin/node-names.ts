/** The longest classification name staff may give (either language). */
export const NODE_NAME_MAX = 100;

export type NodeNameError = 'knowledgeAdmin.folder.error.required' | 'knowledgeAdmin.folder.error.tooLong';

export interface NodeNameErrors {
  name: NodeNameError | null;
  nameEn: NodeNameError | null;
}

function check(value: string): NodeNameError | null {
  const trimmed = value.trim();
  if (!trimmed) return 'knowledgeAdmin.folder.error.required';
  if (trimmed.length > NODE_NAME_MAX) return 'knowledgeAdmin.folder.error.tooLong';
  return null;
}

/** Both names of a classification are required (the trees answer either language), each 1..100 characters. */
export function validateNodeNames(names: { name: string; nameEn: string }): NodeNameErrors {
  return { name: check(names.name), nameEn: check(names.nameEn) };
}

/** True when both names pass. */
export function areNodeNamesValid(names: { name: string; nameEn: string }): boolean {
  const errors = validateNodeNames(names);
  return !errors.name && !errors.nameEn;
}
