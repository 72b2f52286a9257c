/** Support questions (spec 2 section 4): ProcessingStatus 0 in progress, else completed; IsComplaint 1 urgent. */
export interface QuestionState {
  processingStatus: number;
  isComplaint: number;
}

export const isCompleted = (q: QuestionState) => q.processingStatus !== 0;
export const isUrgent = (q: QuestionState) => q.isComplaint === 1;

/** The urgent action is offered, and accepted by the server, only when the question is neither urgent nor completed. */
export const canUrge = (q: QuestionState) => !isUrgent(q) && !isCompleted(q);

/** The state tag: completed shows 'ended', urgent and open 'urgented', otherwise none. */
export function questionTag(q: QuestionState): 'ended' | 'urgented' | null {
  if (isCompleted(q)) return 'ended';
  return isUrgent(q) ? 'urgented' : null;
}

/** Question and warranty searches strip whitespace from the search text (spec 2 section 5). */
export const stripWhitespace = (text: string) => text.replace(/\s+/g, '');
