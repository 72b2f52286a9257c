/**
 * The staff flag of a login result (spec 3: `Is{product}User` = 1; the portal also answers
 * `IsStaff`). One reading for the service page's login check and the console.
 */
export function isStaffUser(user: Readonly<Record<string, unknown>>): boolean {
  if (user.IsStaff === 1 || user.IsStaff === '1') return true;
  return Object.entries(user).some(([key, value]) => /^Is[A-Za-z0-9]+User$/.test(key) && (value === 1 || value === '1'));
}

/**
 * The internal service page's `lang` query modes (spec 3): English, Chinese, or any other value
 * for the product-lifecycle lookup by order number only. Spec 3's English mode skipped the
 * browser's staff check; the portal checks staff in every mode (DECISIONS 2, issue 35 item 8).
 */
export type ServiceMode = 'en' | 'zh' | 'lifecycle';

export function serviceModeOf(lang: string | null): ServiceMode {
  const value = (lang ?? '').trim().toLowerCase();
  if (value === '' || value === 'zh' || value === 'zh_cn' || value === 'zh-cn' || value === 'cn') return 'zh';
  if (value === 'en' || value === 'en_us' || value === 'en-us') return 'en';
  return 'lifecycle';
}
