/** A call the server refused, in domain terms: its message, shown as it came ('' when a dialog already told, as for an expired login). */
export interface Refused {
  kind: 'refused';
  message: string;
}

export const refused = (message: string): Refused => ({ kind: 'refused', message });
