/** The chat stream as the page reads it: the data lines' JSON (the end marker as the string). */
export function streamEvents(text: string): Array<Record<string, any> | '[DONE]'> {
  return text
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => (l.slice(6) === '[DONE]' ? '[DONE]' : JSON.parse(l.slice(6))));
}

/** The answer's text: every piece's `choices[0].delta.content`. */
export const contentOf = (events: ReturnType<typeof streamEvents>) =>
  events.map((e) => (e === '[DONE]' ? '' : (e.choices?.[0]?.delta?.content ?? ''))).join('');

/** The answer's reasoning: every piece's `choices[0].delta.reasoning_content`. */
export const reasoningOf = (events: ReturnType<typeof streamEvents>) =>
  events.map((e) => (e === '[DONE]' ? '' : (e.choices?.[0]?.delta?.reasoning_content ?? ''))).join('');
