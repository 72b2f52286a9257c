/** A refusal the server made from values: its text's id and the values (`Refused` of the envelope). */
export interface RefusedText {
  id: string;
  values: Readonly<Record<string, string | number>>;
}

/**
 * The page's words for a refusal the server made from values (`Refused: { id, values }` of the
 * envelope: the throttle's seconds, the rate limit, a file's size limit...). The HTTP adapter
 * asks it before anyone shows `info`, so toasts and inline messages are in the page's language.
 */
export interface RefusalTextsPort {
  /** The text in the page's language, or null when the page has none for this id (then `info` shows). */
  textOf(refused: RefusedText): string | null;
}
