/** The e-mail and phone patterns of spec 1 section 5, shared by browser and server checks. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** Optional + or 1-3 digit prefix, optional spaces, optional bracketed groups, digits, optional hyphen and up to 9 digits. */
export const PHONE_PATTERN = /^(?:\+?\d{1,3})?\s*(?:\(\d{1,4}\)\s*)*\d{1,14}(?:-\d{1,9})?$/;

export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL_PATTERN.test(value);

export const isPhone = (value: string): boolean => {
  const digits = value.replace(/\D/g, '').length;
  return digits >= 5 && digits <= 20 && PHONE_PATTERN.test(value);
};

/** The key an e-mail or phone is stored and looked up under: trimmed, e-mails lower-cased, phones without spaces. */
export function normaliseContact(value: string): string {
  const v = value.trim();
  return v.includes('@') ? v.toLowerCase() : v.replace(/\s+/g, '');
}

export const PASSWORD_MIN_LENGTH = 8;
