import { EMAIL_PATTERN } from '../shared/contact-patterns';

/**
 * The work-order form's rules (spec 3 section 5), one function for the browser's form and the
 * server's `CSSAPI/SaveWorkOrder`: every field required, the phone with at least one digit, the
 * e-mail of the usual shape with a top-level domain of at least two letters, the content not only
 * whitespace.
 */
export const WORK_ORDER_FIELDS = ['orderNumber', 'phone', 'email', 'company', 'province', 'city', 'sparePartId', 'content'] as const;
export type WorkOrderField = (typeof WORK_ORDER_FIELDS)[number];

/** What the rules read: the texts as typed (ids as text too). */
export type WorkOrderFields = Record<WorkOrderField, string>;

/** Why a field is not acceptable: missing, or of the wrong shape (phone, e-mail). */
export type WorkOrderProblem = 'required' | 'invalid';

export const MAX_CONTENT_LENGTH = 2000;

export const hasDigit = (value: string): boolean => /\d/.test(value);

export const isWorkOrderEmail = (value: string): boolean => value.length <= 254 && EMAIL_PATTERN.test(value.trim());

/** The problem of each field, in form order; an empty record means the order may be sent. */
export function workOrderProblems(fields: WorkOrderFields): Partial<Record<WorkOrderField, WorkOrderProblem>> {
  const problems: Partial<Record<WorkOrderField, WorkOrderProblem>> = {};
  for (const field of WORK_ORDER_FIELDS) {
    const value = fields[field] ?? '';
    if (!value.trim()) problems[field] = 'required';
  }
  if (!problems.phone && !hasDigit(fields.phone)) problems.phone = 'invalid';
  if (!problems.email && !isWorkOrderEmail(fields.email)) problems.email = 'invalid';
  if (!problems.content && fields.content.length > MAX_CONTENT_LENGTH) problems.content = 'invalid';
  return problems;
}

/** The first field with a problem, for a refusal that names one. */
export function firstProblem(fields: WorkOrderFields): { field: WorkOrderField; problem: WorkOrderProblem } | null {
  const problems = workOrderProblems(fields);
  const field = WORK_ORDER_FIELDS.find((f) => problems[f]);
  return field ? { field, problem: problems[field]! } : null;
}
