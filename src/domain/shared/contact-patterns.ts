/** The e-mail and phone patterns of spec 1 section 5, shared by browser and server checks. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** Optional + or 1-3 digit prefix, optional spaces, optional bracketed groups, digits, optional hyphen and up to 9 digits. */
export const PHONE_PATTERN = /^(?:\+?\d{1,3})?\s*(?:\(\d{1,4}\)\s*)*\d{1,14}(?:-\d{1,9})?$/;

export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL_PATTERN.test(value);

export const isPhone = (value: string): boolean => {
  const digits = value.replace(/\D/g, '').length;
  return digits >= 5 && digits <= 20 && PHONE_PATTERN.test(value);
};

/**
 * A phone number as people write it: an optional leading + and country code, then digits in
 * groups separated by spaces, hyphens or dots, groups in brackets where people put them
 * ("+86 138 0000 0000", "+86-138-0000-0000", "+1 (555) 123-4567", "(+86) 138 0000 0000",
 * "(0531) 8888 8888"); full-width forms (＋, （）, digits) are read as the ASCII ones.
 * Two digit groups always have a separator between them (none is needed beside a bracket), so the
 * pattern reads each text one way only and cannot backtrack.
 */
const WRITTEN_PHONE = /^\+?\s*(?:\(\+?\d{1,6}\)|\d+)(?:(?:\s+|\s*[-.]\s*)?\(\d{1,6}\)|(?:\s+|\s*[-.]\s*)\d+|(?<=\))\d+)*$/;

/**
 * The normal form of a written phone number (the one rule the feedback forms' browser and server
 * use): `+` when the number was written with one, then its digits only ("+86 138 0000 0000" is
 * "+8613800000000"); 5 to 20 digits, as `isPhone`. Null when the text is no phone number; every
 * number `isPhone` takes is taken.
 */
export function normalisePhone(value: string): string | null {
  const v = value.normalize('NFKC').trim();
  if (v.length > 64 || !(WRITTEN_PHONE.test(v) || isPhone(v))) return null;
  const digits = v.replace(/\D/g, '');
  if (digits.length < 5 || digits.length > 20) return null;
  return (/^\(?\+/.test(v) ? '+' : '') + digits;
}

/** The key an e-mail or phone is stored and looked up under: trimmed, e-mails lower-cased, phones without spaces. */
export function normaliseContact(value: string): string {
  const v = value.trim();
  return v.includes('@') ? v.toLowerCase() : v.replace(/\s+/g, '');
}

export const PASSWORD_MIN_LENGTH = 8;
