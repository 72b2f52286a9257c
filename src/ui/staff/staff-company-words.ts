import type { useT } from '../i18n/language-context';

/** A company as the console names it: its name, or after its founder for a company of one. */
export const companyLabel = (t: ReturnType<typeof useT>, c: { companyName?: string; name?: string; ownerName: string; ownerAccount: string }): string =>
  (c.companyName ?? c.name ?? '') || t('staff.companies.ofOwner', { owner: c.ownerName || c.ownerAccount });
