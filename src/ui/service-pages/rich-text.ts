/**
 * The warranty texts arrive as plain text or simple HTML. They are shown as text only: tags are
 * turned into line breaks and dropped, entities decoded, nothing is ever rendered as HTML.
 */
export function plainTextLines(value: string | null | undefined): string[] {
  const withBreaks = (value ?? '')
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/\s*(p|div|li|h[1-6]|tr)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  const decoded = withBreaks
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
  return decoded
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
