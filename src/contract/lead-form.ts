import type { RefusalText } from './call';

/**
 * The refusals of the two lead forms (Home/SaveContact, Cam/SaveCamCustomer), spec 1 section 5:
 * the first rule a form breaks, in the language asked. The service names the rule and gives
 * `field` (the domain's name of the field), `max` (its longest value) and `lang` ('zh' or 'en').
 */

type Values = Readonly<Record<string, string | number>>;
export type Lang = 'zh' | 'en';

const languageOf = (values: Values): Lang => (values.lang === 'zh' ? 'zh' : 'en');

const TEXTS = {
  en: {
    emailFormat: 'Please enter the correct email format',
    phoneFormat: 'Please enter the correct phone format',
    tooLong: (max: string | number) => `is too long (at most ${max} characters)`,
  },
  zh: {
    emailFormat: '请输入正确的邮箱格式',
    phoneFormat: '请输入正确的电话格式',
    tooLong: (max: string | number) => `过长（最多 ${max} 个字符）`,
  },
} as const;

export type LeadRefusals = Readonly<Record<'required' | 'tooLong' | 'emailFormat' | 'phoneFormat', RefusalText>>;

/**
 * A lead form's refusals, all 400: `required` says the field's own text, `tooLong` names the
 * field by its wire name, the formats are the same for every form.
 */
export function leadRefusals(
  required: Readonly<Record<Lang, Readonly<Record<string, string>>>>,
  wireNames: Readonly<Record<string, string>>,
): LeadRefusals {
  return {
    required: { code: 400, info: (v) => required[languageOf(v)][v.field] ?? `${wireNames[v.field] ?? v.field} cannot be empty` },
    tooLong: { code: 400, info: (v) => `${wireNames[v.field] ?? v.field} ${TEXTS[languageOf(v)].tooLong(v.max)}` },
    emailFormat: { code: 400, info: (v) => TEXTS[languageOf(v)].emailFormat },
    phoneFormat: { code: 400, info: (v) => TEXTS[languageOf(v)].phoneFormat },
  };
}
