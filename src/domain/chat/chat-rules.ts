/**
 * The chat's question rules (spec 3 section 5, issue 20): the page warns and the server refuses
 * with the same function. A question is the text the customer typed, sent as the last user
 * message of the `messages` list.
 */

/** Longest question in characters: a page of text, well under what a model's context holds. */
export const QUESTION_MAX_CHARS = 2000;
/** Earlier turns the server passes on (the rest of the history stays stored, not re-sent). */
export const HISTORY_MAX_MESSAGES = 20;
/** Questions one customer may ask per minute (counted in the database, so every server agrees). */
export const QUESTIONS_PER_MINUTE = 12;
/** Answers one customer may have streaming at once. */
export const STREAMS_PER_USER = 2;

export type QuestionProblem = 'empty' | 'tooLong';

/** What is wrong with a question, or null: empty or whitespace only (请输入内容), or longer than the limit. */
export function questionProblem(text: unknown): QuestionProblem | null {
  if (typeof text !== 'string' || text.trim() === '') return 'empty';
  if ([...text].length > QUESTION_MAX_CHARS) return 'tooLong';
  return null;
}

/** A conversation's title: its first question on one line, cut to 60 characters. */
export function conversationTitle(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > 60 ? `${chars.slice(0, 59).join('')}…` : flat;
}
