import type { CompanyChoice } from '../../domain/companies/company-switcher.machine';
import type { Translate } from '../i18n/intl';

/**
 * How a company is named: its own name, or after its owner when it has none (a company of one),
 * by the message `ofOwner` of the caller's area (the shell's or the company pages').
 */
export function companyName(company: Pick<CompanyChoice, 'name' | 'ownerName'>, t: Translate, ofOwner: string): string {
  return company.name || t(ofOwner, { owner: company.ownerName });
}
