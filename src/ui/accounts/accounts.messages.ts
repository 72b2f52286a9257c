/** Login, registration and password-reset messages (filled by the accounts screens). */
export const accountsMessages: { zh: Record<string, string>; en: Record<string, string> } = { zh: {}, en: {} };
