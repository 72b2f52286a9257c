import { PASSWORD_MIN_LENGTH } from '../shared/contact-patterns';

/** The profile form as it is saved (spec 2 section 5). */
export interface ProfileEntry {
  realName: string;
  mobile: string;
  /** Empty when the password stays. */
  password: string;
  oldPassword: string;
  confirmation: string;
}

/** Named as the spec's message keys: user.nameErr, user.phoneErr, user.oldErr, user.newErr. */
export type ProfileProblem = 'nameErr' | 'phoneErr' | 'oldErr' | 'newErr' | 'passwordTooShort';

/**
 * The first problem of a profile save, or null: RealName required; a Mobile, if given, has a digit;
 * a new password needs the old one and the same confirmation, and the minimum length.
 */
export function profileProblem(entry: ProfileEntry): ProfileProblem | null {
  if (!entry.realName.trim()) return 'nameErr';
  if (entry.mobile.trim() && !/\d/.test(entry.mobile)) return 'phoneErr';
  if (entry.password) {
    if (!entry.oldPassword) return 'oldErr';
    if (entry.password !== entry.confirmation) return 'newErr';
    if (entry.password.length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  }
  return null;
}

/** The largest avatar: 2 MB (the server's limit too). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The pictures an avatar may be (the server checks the bytes as well). */
export const AVATAR_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Whether a picked file can be an avatar: one of the picture types, at most 2 MB. */
export const isAvatarFile = (file: { type: string; size: number }) => AVATAR_TYPES.includes(file.type) && file.size <= AVATAR_MAX_BYTES;
