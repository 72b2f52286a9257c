/** Values a message may interpolate. */
export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * Fills the `{name}` placeholders of a message. The portal's messages use no other ICU syntax
 * (no plural, select, number skeletons or quoting), so this replaces the ICU parser and
 * formatter of @formatjs/intl, about 13 kB of gzip on every page.
 * tests/ui/i18n/format-message.test.ts formats every message both ways and fails when a message
 * needs more than this.
 * A placeholder without a value stays as written.
 */
export function formatMessage(template: string, values?: MessageValues): string {
  if (!values || !template.includes('{')) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    if (!(name in values)) return whole;
    const value = values[name];
    return value === null || value === undefined ? '' : String(value);
  });
}
