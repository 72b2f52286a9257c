import type zh from './chat.messages.zh';

/** The AI chat page (spec 3 sections 2, 4 and 5; issue 20): the English texts, with the keys of chat.messages.zh.ts. */
const en = {
  'chat.title': 'AI assistant',
  'chat.intro': 'Answers from the portal\'s knowledge base and your machines, citing the articles and where each fact came from.',
  'chat.history': 'Conversations',
  'chat.new': 'New conversation',
  'chat.history.empty': 'No conversations yet',
  'chat.history.failed': 'The conversations could not be loaded',
  'chat.delete': 'Delete',
  'chat.delete.confirm': 'Delete this conversation?',
  'chat.delete.yes': 'Delete',
  'chat.delete.no': 'Cancel',
  'chat.deleted': 'Deleted',
  'chat.input.label': 'Your question',
  'chat.input.placeholder': 'For example: E203 on my tube cutter, what should I do? (Ctrl+Enter sends)',
  'chat.send': 'Send',
  'chat.waiting': 'Thinking…',
  'chat.stop': 'Stop answering',
  'chat.warning.empty': 'Please enter content',
  'chat.warning.tooLong': 'The question is too long (at most {max} characters)',
  'chat.reasoning': 'Deep thinking',
  'chat.me': 'Me',
  'chat.assistant': 'AI assistant',
  'chat.stopped': 'Answer stopped',
  'chat.failed': 'The answer could not finish',
  'chat.welcome': 'Hello! I can help with alarm codes, cutting, maintenance and software, and I can look at your machines\' error logs.',
  'chat.yesterday': 'Yesterday',
  'chat.weekday.0': 'Sunday',
  'chat.weekday.1': 'Monday',
  'chat.weekday.2': 'Tuesday',
  'chat.weekday.3': 'Wednesday',
  'chat.weekday.4': 'Thursday',
  'chat.weekday.5': 'Friday',
  'chat.weekday.6': 'Saturday',
} as const satisfies Record<keyof typeof zh, string>;

export default en;
