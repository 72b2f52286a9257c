import { isEmail, isPhone } from './contact-patterns';

/**
 * The rules of the lead forms (spec 1 section 5: the landing contact form, the CAM customer
 * information form), one function each. The browser's forms show every field's problem at once;
 * the server answers the first one. Both read the same form table through these functions.
 */

/** A rule a field's value breaks; each has its own message. */
export type LeadRule = 'required' | 'tooLong' | 'emailFormat' | 'phoneFormat';

/** What one field of a lead form must be. */
export interface LeadFieldRules {
  readonly required: boolean;
  /** Longest value, trimmed. */
  readonly maxLength: number;
  /** A contact format the value must match when given. */
  readonly format?: 'email' | 'phone';
}

/** A lead form: its fields, in the order they are shown and checked. */
export type LeadForm<F extends string> = Readonly<Record<F, LeadFieldRules>>;

/** Required: a required field may not be blank. */
export const isMissing = (value: string, rules: LeadFieldRules): boolean => rules.required && value.trim() === '';

/** Length: the trimmed value is at most the field's longest. */
export const isTooLong = (value: string, rules: LeadFieldRules): boolean => value.trim().length > rules.maxLength;

/** Contact format: a given e-mail or phone matches its pattern (contact-patterns.ts). */
export function formatRuleBroken(value: string, rules: LeadFieldRules): 'emailFormat' | 'phoneFormat' | null {
  const v = value.trim();
  if (!v || !rules.format) return null;
  if (rules.format === 'email') return isEmail(v) ? null : 'emailFormat';
  return isPhone(v) ? null : 'phoneFormat';
}

/** The rule a field's value breaks first: required, then length, then format; null when none. */
export function fieldRuleBroken(value: string, rules: LeadFieldRules): LeadRule | null {
  if (isMissing(value, rules)) return 'required';
  if (isTooLong(value, rules)) return 'tooLong';
  return formatRuleBroken(value, rules);
}

const fieldsOf = <F extends string>(form: LeadForm<F>): F[] => Object.keys(form) as F[];

/** Every field's broken rule, at most one per field: what a form shows. Empty when the form may be sent. */
export function leadProblems<F extends string>(form: LeadForm<F>, values: Readonly<Record<F, string>>): Partial<Record<F, LeadRule>> {
  const problems: Partial<Record<F, LeadRule>> = {};
  for (const field of fieldsOf(form)) {
    const rule = fieldRuleBroken(values[field] ?? '', form[field]);
    if (rule) problems[field] = rule;
  }
  return problems;
}

/** One broken rule of a form: the field and the rule. */
export interface LeadProblem<F extends string> {
  field: F;
  rule: LeadRule;
  /** The field's longest value (the "too long" message names it). */
  maxLength: number;
}

/**
 * The problem the server answers: the first of `order`, rule by rule, each in the form's field
 * order (the forms differ in whether the phone or the e-mail is named first). Null when none.
 */
export function firstLeadProblem<F extends string>(
  form: LeadForm<F>,
  values: Readonly<Record<F, string>>,
  order: readonly LeadRule[],
): LeadProblem<F> | null {
  const problems = leadProblems(form, values);
  // A rule the order leaves out still refuses the form, after those it names.
  for (const rule of [...order, 'required', 'tooLong', 'emailFormat', 'phoneFormat'] as const) {
    const field = fieldsOf(form).find((f) => problems[f] === rule);
    if (field) return { field, rule, maxLength: form[field].maxLength };
  }
  return null;
}

/** The values of a form, each trimmed (what is sent and what is stored). */
export function trimmedValues<F extends string>(form: LeadForm<F>, values: Readonly<Record<F, string>>): Record<F, string> {
  return Object.fromEntries(fieldsOf(form).map((f) => [f, (values[f] ?? '').trim()])) as Record<F, string>;
}
